// The second step of an admin's login: the code from their authenticator app, or, for an admin
// without one yet, setting it up (scan the QR code or type the key, then confirm with a code).
import { Alert, Box, Button, CircularProgress, IconButton, Link, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useEffect, useState } from 'react';
import type { Enrolment, PodiumAuthProvider } from '../providers/authProvider.ts';
import { useFormSubmit } from './useFormSubmit.ts';

interface StepProps {
  authProvider: PodiumAuthProvider;
  /** The session is aal2: open the back office. */
  onDone: () => void;
  /** Sign out and log in as someone else. */
  onSignOut: () => void;
}

/** The base32 key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function CodeForm({ authProvider, onDone, onSignOut, factorId, submitLabel }: StepProps & { factorId?: string; submitLabel: string }) {
  const [code, setCode] = useState('');
  const { busy, error, submit } = useFormSubmit(
    async () => {
      await authProvider.verifyCode(code, factorId);
      onDone();
    },
    () => setCode(''),
  );

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label="Code van 6 cijfers"
        autoComplete="one-time-code"
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, '').slice(0, 7))}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } }}
      />
      <Button type="submit" variant="contained" disabled={busy || code.replace(/\s/g, '').length !== 6} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
        {submitLabel}
      </Button>
      <Link component="button" type="button" variant="body2" onClick={onSignOut} sx={{ alignSelf: 'center' }}>
        Met een ander account inloggen
      </Link>
    </Stack>
  );
}

/** An admin with a factor: the code from the app. */
export function VerifyStep(props: StepProps) {
  return (
    <Stack spacing={2}>
      <Typography variant="body2">Open je authenticator-app en vul de code van 6 cijfers voor Podium Back office in.</Typography>
      <CodeForm {...props} submitLabel="Inloggen" />
    </Stack>
  );
}

/** An admin without a factor: a new one to scan, confirmed with its first code. */
export function EnrolStep(props: StepProps) {
  const { authProvider } = props;
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let current = true;
    authProvider.startEnrolment().then(
      (started) => current && setEnrolment(started),
      (failure: unknown) => current && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [authProvider]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!enrolment)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="QR-code wordt gemaakt" />
      </Box>
    );

  const copy = () =>
    void navigator.clipboard?.writeText(enrolment.secret).then(
      () => setCopied(true),
      () => undefined,
    );
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Beheerders loggen in met hun wachtwoord én een code uit een authenticator-app, zoals Google Authenticator, Microsoft Authenticator of 1Password. Scan deze QR-code met de app:
      </Typography>
      <Box component="img" src={enrolment.qrCode} alt="QR-code voor je authenticator-app" sx={{ width: 184, height: 184, alignSelf: 'center', bgcolor: 'common.white' }} />
      <Box>
        <Typography variant="body2" id="totp-key-label">
          Scannen lukt niet? Vul deze sleutel in de app in:
        </Typography>
        <Stack direction="row" alignItems="center" spacing={1}>
          <Typography component="code" aria-labelledby="totp-key-label" data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: 15 }}>
            {grouped(enrolment.secret)}
          </Typography>
          <Tooltip title={copied ? 'Gekopieerd' : 'Kopieer de sleutel'}>
            <IconButton aria-label="Kopieer de sleutel" size="small" onClick={copy}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Box>
      <Typography variant="body2">Vul daarna de code van 6 cijfers in die de app toont.</Typography>
      <CodeForm {...props} factorId={enrolment.factorId} submitLabel="Bevestigen" />
    </Stack>
  );
}
