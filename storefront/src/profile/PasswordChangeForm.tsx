// 'Wachtwoord' on 'Profiel bewerken': a new password twice, with SPEC 5.1's rules at the fields.
// The auth server asks for no current password; with secure_password_change (config.toml) a
// session older than 24 hours needs the code it mails, which the form then asks for. A changed
// password signs the account out everywhere else.
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { minimumPasswordLength } from '@podium/shared/constants';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { toast } from '@podium/shared/toast';
import { useRef, useState, type FormEvent } from 'react';
import { PasswordInput } from '../auth/PasswordInput.tsx';
import { loadPrivateClient } from '../data/private-query.ts';
import { changePassword, sendPasswordChangeCode } from '../data/profile.ts';
import { invalidBorder, passwordChangeProblems, type PasswordField } from './profile-form.ts';

export function PasswordChangeForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState({ password: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<PasswordField | 'code', string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set once the auth server has mailed the code a password change of an older session needs.
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const set = (field: PasswordField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const fieldNames: Record<PasswordField | 'code', string> = { password: 'new-password', confirm: 'confirm-new-password', code: 'password-change-code' };
  const focus = (field: PasswordField | 'code') => formRef.current?.querySelector<HTMLElement>(`[name="${fieldNames[field]}"]`)?.focus();
  const codeSentAnswer = (failure: { field: string | null; text: string; codeSent?: boolean }) => {
    if (!failure.codeSent) return false;
    setCodeSent(failure.text);
    setCode('');
    setTimeout(() => focus('code'));
    return true;
  };
  const resend = async () => {
    setFormProblem(null);
    setProblems((current) => ({ ...current, code: undefined }));
    const answer = await sendPasswordChangeCode(await loadPrivateClient());
    if (!codeSentAnswer(answer)) setFormProblem(answer.text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormProblem(null);
    const found = passwordChangeProblems(draft);
    setProblems(found);
    if (found.password || found.confirm) return focus(found.password ? 'password' : 'confirm');
    if (codeSent && !code.trim()) {
      setProblems({ code: 'Vul de code uit je mail in.' });
      return focus('code');
    }
    setBusy(true);
    try {
      const failure = await changePassword(await loadPrivateClient(), draft.password, codeSent ? code.trim() : undefined);
      if (failure && codeSentAnswer(failure)) {
        // The code is on its way; the form asks for it.
      } else if (failure?.field) {
        setProblems({ [failure.field]: failure.text });
        focus(failure.field);
      } else if (failure) {
        setFormProblem(failure.text);
      } else {
        setDraft({ password: '', confirm: '' });
        setCodeSent(null);
        setCode('');
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
          {problems.password ? <Field.ErrorText>{problems.password}</Field.ErrorText> : <Field.HelperText>Minimaal {minimumPasswordLength} tekens.</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={Boolean(problems.confirm)} recipe={fieldRecipe}>
          <Field.Label>Bevestig nieuw wachtwoord</Field.Label>
          <PasswordInput name="confirm-new-password" borderColor={problems.confirm ? invalidBorder : undefined} autoComplete="new-password" value={draft.confirm} onChange={set('confirm')} />
          {problems.confirm && <Field.ErrorText>{problems.confirm}</Field.ErrorText>}
        </Field.Root>
        {codeSent && (
          <Field.Root invalid={Boolean(problems.code)} recipe={fieldRecipe}>
            <Field.Label>Code uit je mail</Field.Label>
            <Text role="status" fontSize="sm">
              {codeSent}
            </Text>
            <Input
              name="password-change-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              borderColor={problems.code ? invalidBorder : undefined}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setProblems((current) => ({ ...current, code: undefined }));
              }}
            />
            {problems.code && <Field.ErrorText>{problems.code}</Field.ErrorText>}
            <Button type="button" variant="plain" size="sm" alignSelf="flex-start" px="0" colorPalette="brand" onClick={() => void resend()}>
              Stuur een nieuwe code
            </Button>
          </Field.Root>
        )}
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
