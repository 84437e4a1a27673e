// /admin/login. Loaded on its own (main.tsx), without react-admin: a person who signs in waits
// for MUI's form and supabase-js only. The same screen is react-admin's login page, for guests
// who open another admin page. A signed-in admin goes on at once, anyone else to their own
// destination (the auth provider's signInStep); after login the back office opens with a full
// page load, at the remembered page or the approvals queue (SPEC 2.3). Between the two comes the
// second factor: the code from the admin's authenticator app, or setting one up first.
import { Alert, Box, Button, Card, CardContent, CircularProgress, CssBaseline, Stack, TextField, ThemeProvider, Typography, createTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import type { PodiumAuthProvider, SignInStep } from '../providers/authProvider.ts';
import { EnrolStep, VerifyStep } from './TwoFactorSteps.tsx';
import { useFormSubmit } from './useFormSubmit.ts';
import { podiumPalette } from '../layout/palette.ts';

// Podium's colours, as the back office behind it wears them: the card on Podium's ink.
const theme = createTheme({ palette: podiumPalette });

export interface LoginScreenProps {
  authProvider: PodiumAuthProvider;
  /** Where the back office lives, e.g. '/admin'. */
  basePath: string;
  /** The admin page the person wanted, e.g. '/bookings'; the approvals queue when none. */
  next?: string | undefined;
}

const safeNext = (next: string | undefined) => (next && next.startsWith('/') && !next.startsWith('//') && next !== '/login' ? next : '/approvals');

const headings: Record<Exclude<SignInStep, 'in'>, string> = {
  password: 'Podium Back office',
  verify: 'Tweestapsverificatie',
  enrol: 'Tweestapsverificatie instellen',
};

export function LoginScreen({ authProvider, basePath, next }: LoginScreenProps) {
  const [step, setStep] = useState<SignInStep | null>(null);
  const target = `${basePath}${safeNext(next)}`;
  const enter = () => window.location.assign(target);

  useEffect(() => {
    // A signed-in admin goes straight in, or to the second factor their session still needs;
    // signInStep sends anyone else on.
    authProvider.signInStep().then(
      (current) => (current === 'in' ? window.location.assign(target) : setStep(current)),
      () => setStep('password'),
    );
  }, [authProvider, target]);

  const signOut = () => {
    setStep(null);
    void Promise.resolve(authProvider.logout({})).finally(() => setStep('password'));
  };
  const stepProps = { authProvider, onDone: enter, onSignOut: signOut };

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'secondary.main', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: step === 'enrol' ? 420 : 360 }}>
          <CardContent>
            <Stack spacing={2}>
              <Typography component="h1" variant="h6" align="center">
                {headings[step === null || step === 'in' ? 'password' : step]}
              </Typography>
              {step === 'password' && <PasswordForm authProvider={authProvider} onStep={(after) => (after === 'in' ? enter() : setStep(after))} />}
              {step === 'verify' && <VerifyStep {...stepProps} />}
              {step === 'enrol' && <EnrolStep {...stepProps} />}
              {(step === null || step === 'in') && (
                <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
                  <CircularProgress aria-label="Laden" />
                </Box>
              )}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}

function PasswordForm({ authProvider, onStep }: { authProvider: PodiumAuthProvider; onStep: (step: SignInStep) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, submit } = useFormSubmit(async () => onStep((await authProvider.login({ email, password })).step));

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField label="E-mailadres" type="email" autoComplete="email" autoFocus required value={email} onChange={(event) => setEmail(event.target.value)} />
      <TextField label="Wachtwoord" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      <Button type="submit" variant="contained" disabled={busy || email.trim() === '' || password === ''} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
        Inloggen
      </Button>
    </Stack>
  );
}
