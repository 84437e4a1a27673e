// 'Persoonlijke gegevens' on 'Profiel bewerken': first and last name and a Dutch phone number.
// Checked before sending (SPEC 5.1's name messages; the phone rule the database also applies);
// what the database still refuses comes back at its field. Saved, the header's name follows.
import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDutchPhone, normalizeDutchPhone } from '@podium/shared/phone';
import type { Profile } from '@podium/shared/session';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { toast } from '@podium/shared/toast';
import { useRef, useState, type FormEvent } from 'react';
import { loadPrivateClient } from '../data/private-query.ts';
import { saveProfileDetails } from '../data/profile.ts';
import { invalidBorder, nameProblems, phoneProblem } from './profile-form.ts';
import { useProfileRefresh } from './use-profile-refresh.ts';

type DetailsField = 'firstName' | 'lastName' | 'phone';
const fieldOrder: readonly DetailsField[] = ['firstName', 'lastName', 'phone'];

export function DetailsForm({ profile }: { profile: Profile }) {
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = useProfileRefresh();
  const [draft, setDraft] = useState(() => ({
    firstName: profile.first_name,
    lastName: profile.last_name,
    phone: profile.phone ? formatDutchPhone(profile.phone) : '',
  }));
  const [problems, setProblems] = useState<Partial<Record<DetailsField, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: DetailsField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const show = (found: Partial<Record<DetailsField, string>>) => {
    setProblems(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormProblem(null);
    const phoneRefusal = phoneProblem(draft.phone);
    const found = { ...nameProblems(draft), ...(phoneRefusal ? { phone: phoneRefusal } : {}) };
    if (fieldOrder.some((field) => found[field])) return show(found);
    const phone = draft.phone.trim() ? normalizeDutchPhone(draft.phone) : null;
    setBusy(true);
    try {
      const refusal = await saveProfileDetails(await loadPrivateClient(), { first_name: draft.firstName.trim(), last_name: draft.lastName.trim(), phone });
      if (refusal) {
        if (refusal.field) show({ [refusal.field]: refusal.text });
        else setFormProblem(refusal.text);
        return;
      }
      setDraft({ firstName: draft.firstName.trim(), lastName: draft.lastName.trim(), phone: phone ? formatDutchPhone(phone) : '' });
      toast({ title: 'Je gegevens zijn opgeslagen.' });
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const field = (name: DetailsField) => ({ invalid: Boolean(problems[name]), recipe: fieldRecipe });
  const errorText = (name: DetailsField) => problems[name] && <Field.ErrorText data-testid={`${name}-error`}>{problems[name]}</Field.ErrorText>;

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label="Persoonlijke gegevens">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root {...field('firstName')} required>
            <Field.Label>Voornaam</Field.Label>
            <Input name="firstName" borderColor={problems.firstName ? invalidBorder : undefined} autoComplete="given-name" value={draft.firstName} onChange={set('firstName')} maxLength={200} />
            {errorText('firstName')}
          </Field.Root>
          <Field.Root {...field('lastName')} required>
            <Field.Label>Achternaam</Field.Label>
            <Input name="lastName" borderColor={problems.lastName ? invalidBorder : undefined} autoComplete="family-name" value={draft.lastName} onChange={set('lastName')} maxLength={200} />
            {errorText('lastName')}
          </Field.Root>
        </SimpleGrid>
        <Field.Root {...field('phone')} maxW={{ sm: 'sm' }}>
          <Field.Label>
            Telefoonnummer{' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              (optioneel)
            </Text>
          </Field.Label>
          <Input
            name="phone"
            borderColor={problems.phone ? invalidBorder : undefined}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="06 12345678"
            value={draft.phone}
            onChange={set('phone')}
            maxLength={40}
          />
          {problems.phone ? errorText('phone') : <Field.HelperText>Een Nederlands nummer, bijvoorbeeld 06 12345678 of 020 123 4567.</Field.HelperText>}
        </Field.Root>
        {formProblem && (
          <Text role="alert" color="red.700">
            {formProblem}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" rounded="full" alignSelf="flex-start" loading={busy} loadingText="Bezig met opslaan">
          Gegevens opslaan
        </Button>
      </Stack>
    </form>
  );
}
