// /admin/login. Loaded on its own (main.tsx), without react-admin: a person who signs in waits
// for MUI's form and supabase-js only. The same screen is react-admin's login page, for guests
// who open another admin page. A signed-in admin goes on at once, anyone else to their own
// destination (the auth provider's checkAuth); after login the back office opens with a full
// page load, at the remembered page or the approvals queue (SPEC 2.3).
import { Alert, Box, Button, Card, CardContent, CircularProgress, CssBaseline, Stack, TextField, ThemeProvider, Typography, createTheme } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import type { AuthProvider } from 'react-admin';

const theme = createTheme({ palette: { primary: { main: '#334155' }, secondary: { main: '#7c3aed' } } });

export interface LoginScreenProps {
  authProvider: AuthProvider;
  /** Where the back office lives, e.g. '/admin'. */
  basePath: string;
  /** The admin page the person wanted, e.g. '/bookings'; the approvals queue when none. */
  next?: string | undefined;
}

const safeNext = (next: string | undefined) => (next && next.startsWith('/') && !next.startsWith('//') && next !== '/login' ? next : '/approvals');

export function LoginScreen({ authProvider, basePath, next }: LoginScreenProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const target = `${basePath}${safeNext(next)}`;

  useEffect(() => {
    // Already signed in as an admin: straight in. checkAuth sends anyone else on its own.
    authProvider.checkAuth({}).then(() => window.location.assign(target), () => undefined);
  }, [authProvider, target]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await authProvider.login({ email, password });
      window.location.assign(target);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'primary.main', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 360 }}>
          <CardContent>
            <Stack component="form" spacing={2} onSubmit={submit} noValidate>
              <Typography component="h1" variant="h6" align="center">
                Podium Back office
              </Typography>
              {error && <Alert severity="error">{error}</Alert>}
              <TextField label="E-mailadres" type="email" autoComplete="email" autoFocus required value={email} onChange={(event) => setEmail(event.target.value)} />
              <TextField label="Wachtwoord" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
              <Button type="submit" variant="contained" disabled={busy || email.trim() === '' || password === ''} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
                Inloggen
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}
