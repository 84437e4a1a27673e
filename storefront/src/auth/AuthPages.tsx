// The auth return screens (SPEC 2.1, 7.1): /auth/callback (OAuth, PKCE), /auth/confirm and
// /confirm-account (the confirmation link), /auth/reset-password (set a new password),
// /verify-email, /auth/link (link a Google identity) and /auth/instagram/callback.
// supabase-js exchanges a PKCE ?code= itself when the client starts (detectSessionInUrl);
// these screens wait for that and then say what happened.
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { Button, Container, Field, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { storedUserMode } from '@podium/shared/user-mode';
import { postLoginDestination, rememberPostLoginDestination, safeDestination, takePostLoginDestination } from '@podium/shared/auth-guard';
import { keepInstagramReturn, listingEditorPath } from '@podium/shared/instagram-link';
import { messages } from '@podium/shared/messages';
import type { Profile } from '@podium/shared/session';
import { toast } from '@podium/shared/toast';
import { minimumPasswordLength } from '@podium/shared/constants';
import { errorToast, successToast } from '@podium/shared/messages';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useApp, useSessionState } from '../app/app-context.tsx';
import { loadBackend, sessionStore } from '../app/services.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { oauthProvider } from './OAuthButton.tsx';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Podium`;
  }, [title]);
  return (
    <Container maxW="md" px="4" py={{ base: '10', md: '16' }}>
      <Stack gap="5" bg="white" rounded="2xl" borderWidth="1px" p={{ base: '6', md: '8' }} boxShadow="0 18px 48px -32px rgba(37, 29, 42, 0.4)">
        <Heading as="h1" fontSize="2xl" fontWeight="800">
          {title}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <Stack direction="row" align="center" gap="3" role="status">
      <Spinner color="brand.600" />
      <Text>{text}</Text>
    </Stack>
  );
}

/** The error a provider or the auth server put in the return URL, if any. */
function urlError(params: URLSearchParams): string | null {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return params.get('error_description') ?? hash.get('error_description') ?? params.get('error') ?? hash.get('error');
}

/** Waits until the session store has the profile (or has given up); null without a user. */
function waitForProfile(timeoutMs = 10_000): Promise<Profile | null> {
  return new Promise((resolve) => {
    const check = () => {
      const state = sessionStore.getSnapshot();
      if (state.status === 'ready') return finish(state.profile);
      if (state.status === 'no-user' || (state.status === 'no-profile' && state.profileError)) return finish(null);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const unsubscribe = sessionStore.subscribe(check);
    function finish(profile: Profile | null) {
      clearTimeout(timer);
      unsubscribe();
      resolve(profile);
    }
    check();
  });
}

/** After the client has exchanged any ?code=: the session, or null. */
async function sessionFromUrl() {
  const { supabase } = await loadBackend();
  const { data } = await supabase.auth.getSession();
  return data.session;
}

/** /auth/callback: back from the identity provider. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const app = useApp();
  const { go } = app;
  const [failure, setFailure] = useState<string | null>(() => urlError(params));
  useEffect(() => {
    if (failure) return;
    let cancelled = false;
    void (async () => {
      const session = await sessionFromUrl();
      const profile = session ? await waitForProfile() : null;
      if (cancelled) return;
      if (!profile) {
        setFailure('We konden je niet inloggen. Probeer het opnieuw.');
        return;
      }
      toast(successToast(messages.login.welcomeBack));
      go(postLoginDestination(profile.role, takePostLoginDestination(window.sessionStorage), storedUserMode(window.localStorage, profile.role)), { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [failure, go]);
  return (
    <AuthCard title="Inloggen">
      {failure ? (
        <>
          <Text role="alert" color="#9f1d1d">
            {messages.oauth.loginFailedTitle(oauthProvider.label)}: {failure}
          </Text>
          <Button colorPalette="brand" rounded="full" onClick={() => app.openLogin()}>
            Opnieuw inloggen
          </Button>
        </>
      ) : (
        <Waiting text="Je wordt ingelogd..." />
      )}
    </AuthCard>
  );
}

type ConfirmState = 'working' | 'signed-in' | 'confirmed' | 'email-changed' | 'failed';

/**
 * /auth/confirm and /confirm-account: the link in the confirmation mail. The link that confirms
 * a new e-mail address ('Profiel bewerken' asks for ?type=email_change) ends on 'Mijn profiel'.
 */
export function ConfirmAccountPage() {
  const [params] = useSearchParams();
  const app = useApp();
  const { go } = app;
  const emailChange = params.get('type') === 'email_change';
  const [state, setState] = useState<ConfirmState>(() => (urlError(params) ? 'failed' : 'working'));
  const [detail] = useState(() => urlError(params));
  useEffect(() => {
    if (state !== 'working') return;
    let cancelled = false;
    void (async () => {
      const { supabase } = await loadBackend();
      const tokenHash = params.get('token_hash');
      const type = params.get('type');
      if (tokenHash && (type === 'signup' || type === 'email' || type === 'invite' || type === 'email_change')) {
        const { error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
        if (error && !cancelled) return setState('failed');
      }
      const session = await sessionFromUrl();
      if (cancelled) return;
      // Where the user was going when they signed up (the booking form, say): the mailed link
      // carries it, since this tab has not seen the one that signed up (SPEC 4.2).
      const next = safeDestination(params.get('next'));
      // The auth server confirms the address before it redirects here; without a session (another
      // browser than the one that signed up) the user simply logs in, and the login goes on there.
      if (!session) {
        if (next) rememberPostLoginDestination(window.sessionStorage, next);
        return setState(emailChange ? 'email-changed' : 'confirmed');
      }
      const profile = await waitForProfile();
      if (cancelled) return;
      if (!profile) return setState(emailChange ? 'email-changed' : 'confirmed');
      if (emailChange) {
        // The profile's e-mail follows auth.users by trigger; the session's copy is read again.
        const changed = (await sessionStore.refreshProfile()) ?? profile;
        if (cancelled) return;
        toast(successToast('E-mailadres gewijzigd', changed.email ? `Je logt voortaan in met ${changed.email}.` : 'Je nieuwe e-mailadres is bevestigd.'));
        return go('/profile', { replace: true });
      }
      toast(successToast('Account bevestigd!', 'Je e-mailadres is bevestigd en je bent ingelogd.'));
      if (next) return go(postLoginDestination(profile.role, next), { replace: true });
      setState('signed-in');
    })();
    return () => {
      cancelled = true;
    };
  }, [params, state, go, emailChange]);
  return (
    <AuthCard title={emailChange ? 'E-mailadres bevestigen' : 'Account bevestigen'}>
      {state === 'working' && <Waiting text={emailChange ? 'Je nieuwe e-mailadres wordt bevestigd...' : 'Je account wordt bevestigd...'} />}
      {state === 'email-changed' && (
        <Stack gap="4" data-testid="email-changed">
          <Text>Je nieuwe e-mailadres is bevestigd. Log in met je nieuwe e-mailadres om verder te gaan.</Text>
          <Button colorPalette="brand" rounded="full" onClick={() => app.openLogin()}>
            Inloggen
          </Button>
        </Stack>
      )}
      {state === 'signed-in' && (
        <Stack gap="4" data-testid="account-confirmed">
          <Text>Je e-mailadres is bevestigd en je bent ingelogd. Welkom bij Podium!</Text>
          <Button colorPalette="brand" rounded="full" onClick={() => app.go('/artists')}>
            Ontdek artiesten
          </Button>
        </Stack>
      )}
      {state === 'confirmed' && (
        <Stack gap="4" data-testid="account-confirmed">
          <Text>Je e-mailadres is bevestigd. Log in om verder te gaan.</Text>
          <Button colorPalette="brand" rounded="full" onClick={() => app.openLogin()}>
            Inloggen
          </Button>
        </Stack>
      )}
      {state === 'failed' && (
        <Stack gap="4">
          <Text role="alert" color="#9f1d1d">
            Deze bevestigingslink is ongeldig of verlopen{detail ? ` (${detail})` : ''}. Log in om een nieuwe bevestigingsmail aan te vragen.
          </Text>
          <Button colorPalette="brand" rounded="full" onClick={() => app.openLogin()}>
            Inloggen
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}

/** /auth/reset-password: the reset link's target, where the user sets a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const app = useApp();
  const [ready, setReady] = useState<'working' | 'ready' | 'invalid'>(() => (urlError(params) ? 'invalid' : 'working'));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (ready !== 'working') return;
    let cancelled = false;
    void sessionFromUrl().then((session) => {
      if (!cancelled) setReady(session ? 'ready' : 'invalid');
    });
    return () => {
      cancelled = true;
    };
  }, [ready]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rules = messages.signup;
    if (password.length < minimumPasswordLength) return void toast(errorToast(rules.passwordTooShort.title, rules.passwordTooShort.description));
    if (password !== confirm) return void toast(errorToast(rules.passwordsDiffer.title, rules.passwordsDiffer.description));
    setBusy(true);
    try {
      const { supabase, authActions } = await loadBackend();
      const { error } = await supabase.auth.updateUser({ password });
      if (error) {
        toast(errorToast(messages.passwordReset.failedTitle, error.message));
        return;
      }
      // The reset link's session served its purpose; the user logs in with the new password.
      await authActions.signOut();
      toast(successToast('Wachtwoord gewijzigd', 'Log in met je nieuwe wachtwoord.'));
      app.go('/', { replace: true });
      app.openLogin();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Nieuw wachtwoord instellen">
      {ready === 'working' && <Waiting text="Even geduld..." />}
      {ready === 'invalid' && (
        <Stack gap="4">
          <Text role="alert" color="#9f1d1d">
            Deze resetlink is ongeldig of verlopen. Vraag via &lsquo;Wachtwoord vergeten?&rsquo; een nieuwe link aan.
          </Text>
          <Button colorPalette="brand" rounded="full" onClick={() => app.openLogin()}>
            Naar inloggen
          </Button>
        </Stack>
      )}
      {ready === 'ready' && (
        <Stack asChild gap="4">
          <form onSubmit={submit} noValidate>
            <Field.Root recipe={fieldRecipe}>
              <Field.Label>Nieuw wachtwoord</Field.Label>
              <PasswordInput name="new-password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
              <Field.HelperText>Minimaal {minimumPasswordLength} tekens.</Field.HelperText>
            </Field.Root>
            <Field.Root recipe={fieldRecipe}>
              <Field.Label>Bevestig nieuw wachtwoord</Field.Label>
              <PasswordInput name="confirm-new-password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
            </Field.Root>
            <Button type="submit" colorPalette="brand" rounded="full" size="lg" loading={busy}>
              Wachtwoord opslaan
            </Button>
          </form>
        </Stack>
      )}
    </AuthCard>
  );
}

/** /verify-email: where to go when the e-mail still needs confirming. */
export function VerifyEmailPage() {
  const session = useSessionState();
  const app = useApp();
  const [busy, setBusy] = useState(false);
  const verified = session.status === 'ready' && session.profile.email_verified;
  return (
    <AuthCard title="Bevestig je e-mailadres">
      {verified ? (
        <Text>Je e-mailadres is bevestigd. Je kunt alle functies gebruiken.</Text>
      ) : (
        <>
          <Text color="fg.muted">We hebben je een mail gestuurd met een bevestigingslink. Klik op de link om je account te activeren; kijk ook in je spam-map.</Text>
          {session.status === 'ready' ? (
            <Button
              colorPalette="brand"
              rounded="full"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                const result = await (await loadBackend()).authActions.resendVerificationFromPopup(session.user.email);
                if (result.toast) toast(result.toast);
                setBusy(false);
              }}
            >
              {messages.labels.verificationRequestNew}
            </Button>
          ) : (
            <Button colorPalette="brand" rounded="full" onClick={() => app.openLogin()}>
              Inloggen
            </Button>
          )}
        </>
      )}
    </AuthCard>
  );
}

/** /auth/link: link a Google identity to the signed-in account (and the return from doing so). */
export function AuthLinkPage() {
  const session = useSessionState();
  const app = useApp();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const failure = urlError(params);
  const identities = session.status === 'ready' ? (session.user.identities ?? []).map((identity) => identity.provider) : [];
  const linked = identities.includes(oauthProvider.id);
  return (
    <AuthCard title="Accounts koppelen">
      {failure && (
        <Text role="alert" color="#9f1d1d">
          Koppelen mislukt: {failure}
        </Text>
      )}
      {session.status !== 'ready' ? (
        <>
          <Text color="fg.muted">Log in om een {oauthProvider.label}-account aan je Podium-account te koppelen.</Text>
          <Button colorPalette="brand" rounded="full" onClick={() => app.openLogin()}>
            Inloggen
          </Button>
        </>
      ) : linked ? (
        <Text data-testid="identity-linked">Je {oauthProvider.label}-account is gekoppeld. Je kunt er voortaan mee inloggen.</Text>
      ) : (
        <>
          <Text color="fg.muted">Koppel je {oauthProvider.label}-account, zodat je voortaan met één klik inlogt.</Text>
          <Button
            colorPalette="brand"
            rounded="full"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              const { supabase } = await loadBackend();
              const { data, error } = await supabase.auth.linkIdentity({ provider: oauthProvider.id, options: { redirectTo: `${window.location.origin}/auth/link` } });
              if (error) {
                toast(errorToast('Koppelen mislukt', error.message));
                setBusy(false);
              } else if (data.url) {
                window.location.assign(data.url);
              }
            }}
          >
            {oauthProvider.label}-account koppelen
          </Button>
        </>
      )}
    </AuthCard>
  );
}

/**
 * /auth/instagram/callback: where Instagram sends an artist back after linking their account.
 * Nothing is exchanged here (that needs the app secret, and the portal holds the
 * signed-in artist's client): Instagram's answer is kept for this tab and the listing editor,
 * which checks the state and finishes the link, opens at once.
 */
export function InstagramCallbackPage() {
  const [params] = useSearchParams();
  const { go } = useApp();
  useEffect(() => {
    keepInstagramReturn(window.sessionStorage, params);
    go(listingEditorPath, { replace: true });
  }, [params, go]);
  return (
    <AuthCard title="Instagram koppelen">
      <Waiting text="Even geduld, je gaat terug naar je profiel..." />
    </AuthCard>
  );
}
