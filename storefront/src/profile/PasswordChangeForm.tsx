// 'Wachtwoord' on 'Profiel bewerken': a new password twice, with SPEC 5.1's rules at the fields.
// The auth server asks for no current password in a fresh session (secure_password_change off);
// it signs the account out everywhere else.
import { Button, Field, Stack, Text } from '@chakra-ui/react';
import { minimumPasswordLength } from '@podium/shared/constants';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { toast } from '@podium/shared/toast';
import { useRef, useState, type FormEvent } from 'react';
import { PasswordInput } from '../auth/PasswordInput.tsx';
import { loadPrivateClient } from '../data/private-query.ts';
import { changePassword } from '../data/profile.ts';
import { invalidBorder, passwordChangeProblems, type PasswordField } from './profile-form.ts';

export function PasswordChangeForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState({ password: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<PasswordField, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: PasswordField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const focus = (field: PasswordField) => formRef.current?.querySelector<HTMLElement>(`[name="${field === 'password' ? 'new-password' : 'confirm-new-password'}"]`)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormProblem(null);
    const found = passwordChangeProblems(draft);
    setProblems(found);
    if (found.password || found.confirm) return focus(found.password ? 'password' : 'confirm');
    setBusy(true);
    try {
      const failure = await changePassword(await loadPrivateClient(), draft.password);
      if (failure?.field) {
        setProblems({ [failure.field]: failure.text });
        focus(failure.field);
      } else if (failure) {
        setFormProblem(failure.text);
      } else {
        setDraft({ password: '', confirm: '' });
        toast({ title: 'Je wachtwoord is gewijzigd.', description: 'Log voortaan in met je nieuwe wachtwoord.' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label="Wachtwoord wijzigen">
      <Stack gap="4" maxW={{ sm: 'md' }}>
        <Field.Root invalid={Boolean(problems.password)} recipe={fieldRecipe}>
          <Field.Label>Nieuw wachtwoord</Field.Label>
          <PasswordInput name="new-password" borderColor={problems.password ? invalidBorder : undefined} autoComplete="new-password" value={draft.password} onChange={set('password')} />
          {problems.password ? <Field.ErrorText color="red.700">{problems.password}</Field.ErrorText> : <Field.HelperText>Minimaal {minimumPasswordLength} tekens.</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={Boolean(problems.confirm)} recipe={fieldRecipe}>
          <Field.Label>Bevestig nieuw wachtwoord</Field.Label>
          <PasswordInput name="confirm-new-password" borderColor={problems.confirm ? invalidBorder : undefined} autoComplete="new-password" value={draft.confirm} onChange={set('confirm')} />
          {problems.confirm && <Field.ErrorText color="red.700">{problems.confirm}</Field.ErrorText>}
        </Field.Root>
        {formProblem && (
          <Text role="alert" color="red.700">
            {formProblem}
          </Text>
        )}
        <Button type="submit" variant="outline" colorPalette="brand" rounded="full" alignSelf="flex-start" loading={busy} loadingText="Bezig met opslaan">
          Wachtwoord wijzigen
        </Button>
      </Stack>
    </form>
  );
}
