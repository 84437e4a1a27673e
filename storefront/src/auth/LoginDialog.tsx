// SPEC 2.5 / 5.2 / 8.1 / 8.3 / 8.4: the login dialog ('Inloggen'), with its forgot-password
// sub-view. Every rule and message comes from @podium/shared (validation, auth actions); this
// component holds only what the dialog shows. It is mounted fresh each time it opens, so
// closing it resets all of its state.
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { messages } from '@podium/shared/messages';
import { toast } from '@podium/shared/toast';
import { canSubmitLogin } from '@podium/shared/validation';
import { useState, type FormEvent } from 'react';
import type { AccountRole } from '../app/app-context.tsx';
import type { AuthActions } from '@podium/shared/auth-actions';
import { ArrowLeftIcon } from '@podium/shared/ui/icons';
import { OAuthButton, OrDivider, oauthProvider } from './OAuthButton.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { RoleTabs } from './RoleTabs.tsx';

const labels = messages.labels;

export interface LoginFormProps {
  role: AccountRole;
  getActions: () => Promise<AuthActions>;
  onSwitchToSignup: () => void;
  /** A successful login: the dialog closes and the app goes to the destination. */
  onLoggedIn: (destination: string) => void;
}

export function LoginForm({ role: initialRole, getActions, onSwitchToSignup, onLoggedIn }: LoginFormProps) {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  const [role, setRole] = useState<AccountRole>(initialRole);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [showResend, setShowResend] = useState(false);
  const [resending, setResending] = useState(false);
  const [resetEmail, setResetEmail] = useState('');
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitLogin(email, password) || busy) return;
    setBusy(true);
    try {
      const actions = await getActions();
      const result = await actions.login({ email, password, requestedRole: role });
      toast(result.toast);
      if (result.ok) onLoggedIn(result.destination);
      else setShowResend(result.showResendButton);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const result = await (await getActions()).resendVerificationFromLogin(email);
      if (result.toast) toast(result.toast);
    } finally {
      setResending(false);
    }
  };

  const requestReset = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await (await getActions()).forgotPassword(resetEmail);
      if (result.toast) toast(result.toast);
      if (result.ok && result.sentTo) setResetSentTo(result.sentTo);
    } finally {
      setBusy(false);
    }
  };

  if (view === 'forgot') {
    return (
      <Stack gap="5">
        <Button variant="ghost" size="sm" alignSelf="flex-start" px="2" onClick={() => setView('login')}>
          <ArrowLeftIcon size={16} />
          Terug naar inloggen
        </Button>
        {resetSentTo ? (
          <Stack gap="2" rounded="xl" bg="brand.50" p="4" role="status">
            <Text fontWeight="700">{messages.passwordReset.linkSentTo(resetSentTo)}</Text>
            <Text fontSize="sm" color="fg.muted">
              Controleer je inbox en ook je spam-map. De link brengt je naar een pagina waar je een nieuw wachtwoord kiest.
            </Text>
          </Stack>
        ) : (
          <Stack asChild gap="4">
            <form onSubmit={requestReset} noValidate>
              <Text color="fg.muted">Vul je e-mailadres in; we sturen je een link om een nieuw wachtwoord te kiezen.</Text>
              <Field.Root recipe={fieldRecipe}>
                <Field.Label>E-mailadres</Field.Label>
                <Input type="email" autoComplete="email" value={resetEmail} onChange={(event) => setResetEmail(event.target.value)} placeholder="jij@voorbeeld.nl" />
              </Field.Root>
              <Button type="submit" colorPalette="brand" rounded="full" size="lg" loading={busy}>
                {labels.resetPassword}
              </Button>
            </form>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <RoleTabs value={role} onChange={setRole}>
        <Stack gap="4">
          <OAuthButton mode="login" label={labels.loginWithProvider(oauthProvider.label)} />
          <OrDivider />
          <Stack asChild gap="4">
            <form onSubmit={submit} noValidate>
              <Field.Root recipe={fieldRecipe}>
                <Field.Label>E-mailadres</Field.Label>
                <Input type="email" name="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder="jij@voorbeeld.nl" />
              </Field.Root>
              <Field.Root recipe={fieldRecipe}>
                <Field.Label>Wachtwoord</Field.Label>
                <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
              </Field.Root>
              <Button variant="plain" size="sm" alignSelf="flex-end" color="brand.700" px="0" h="auto" type="button" onClick={() => setView('forgot')}>
                {labels.forgotPassword}
              </Button>
              <Button type="submit" colorPalette="brand" rounded="full" size="lg" disabled={!canSubmitLogin(email, password) || busy} loading={busy}>
                Inloggen
              </Button>
              {showResend && (
                <Button type="button" variant="outline" rounded="full" loading={resending} onClick={resend}>
                  {labels.resendVerification}
                </Button>
              )}
            </form>
          </Stack>
        </Stack>
      </RoleTabs>
      <Button variant="plain" size="sm" color="brand.700" onClick={onSwitchToSignup}>
        {labels.switchToSignup}
      </Button>
    </Stack>
  );
}
