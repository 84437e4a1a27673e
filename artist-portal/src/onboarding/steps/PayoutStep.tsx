// The payout step: the bank account and KvK number gigs are paid out to, and the act's Mollie link.
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { formatIban, validatePayout } from '@podium/shared/artist-onboarding';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { useState, type FormEvent } from 'react';
import { savePayout, type Onboarding } from '../../data/listing.ts';
import { AlertText } from '../../portal/LoadState.tsx';
import { MollieConnect } from '../../payouts/MollieConnect.tsx';
import { problemText, StepButtons, useSaver } from './form-parts.tsx';

export function PayoutStep({ data, onSaved, saveLabel }: { data: Onboarding; onSaved: () => void; saveLabel?: string }) {
  const [accountHolder, setAccountHolder] = useState(data.payout?.account_holder ?? '');
  const [iban, setIban] = useState(data.payout ? formatIban(data.payout.iban) : '');
  const [kvkNumber, setKvkNumber] = useState(data.payout?.kvk_number ?? '');
  const [errors, setErrors] = useState<ReturnType<typeof validatePayout>>({});
  const save = useSaver(() => savePayout({ accountHolder, iban, kvkNumber }), onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePayout({ accountHolder, iban, kvkNumber });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  return (
    <Stack gap="6">
      {data.act && <MollieConnect actId={data.act.id} />}
      <form onSubmit={submit} noValidate aria-label="Uitbetaling">
        <Stack gap="5">
          <Text color="fg.muted">Je rekeninggegevens komen op je facturen. Alleen jij en Podium zien ze; je gage ontvang je via je Mollie-account hierboven.</Text>
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.accountHolder)}>
            <Field.Label>Naam rekeninghouder</Field.Label>
            <Input bg="white" autoComplete="name" value={accountHolder} onChange={(event) => setAccountHolder(event.target.value)} />
            <Field.ErrorText>{errors.accountHolder}</Field.ErrorText>
          </Field.Root>
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.iban)}>
            <Field.Label>IBAN</Field.Label>
            <Input
              bg="white"
              value={iban}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setIban(event.target.value.toUpperCase())}
              onBlur={() => setIban(formatIban(iban))}
              placeholder="NL00 BANK 0123 4567 89"
            />
            <Field.ErrorText>{errors.iban}</Field.ErrorText>
          </Field.Root>
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.kvkNumber)}>
            <Field.Label>KvK-nummer (optioneel)</Field.Label>
            <Input bg="white" inputMode="numeric" maxLength={10} value={kvkNumber} onChange={(event) => setKvkNumber(event.target.value)} />
            <Field.HelperText>Heb je een bedrijf of eenmanszaak? Dan zetten we je KvK-nummer op de facturen.</Field.HelperText>
            <Field.ErrorText>{errors.kvkNumber}</Field.ErrorText>
          </Field.Root>
          {save.isError && <AlertText>{problemText(save.error)}</AlertText>}
          <StepButtons saving={save.isPending} label={saveLabel} />
        </Stack>
      </form>
    </Stack>
  );
}
