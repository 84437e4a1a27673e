// /admin/admins ('Beheerders'): every admin, whether their authenticator app is set up and when
// they last signed in. An admin who lost their phone asks another admin, who resets their second
// factor here: the other admin is signed out everywhere and sets up a new app at their next login.
// Never for yourself (the database refuses it too): a stolen password must not replace a factor.
import { dutchShortDateTime } from '@podium/shared/dutch';
import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import type { AdminAccount, BackOfficeDataProvider } from '../providers/dataProvider.ts';

const when = dutchShortDateTime;
const nameOf = (admin: AdminAccount) => [admin.first_name, admin.last_name].filter(Boolean).join(' ') || admin.email || 'Beheerder';

export function AdminsPage() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [admins, setAdmins] = useState<AdminAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetting, setResetting] = useState<AdminAccount | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => dataProvider.listAdmins().then(setAdmins, (failure: Error) => setError(failure.message)), [dataProvider]);
  useEffect(() => {
    void load();
  }, [load]);

  const reset = async () => {
    if (!resetting) return;
    setBusy(true);
    try {
      await dataProvider.resetTwoFactor(resetting.id);
      notify(`De tweestapsverificatie van ${nameOf(resetting)} is hersteld.`, { type: 'success' });
      setResetting(null);
      await load();
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Beheerders" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Beheerders
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          Beheerders loggen in met hun wachtwoord en een code uit hun authenticator-app. Is iemand de app kwijt? Herstel dan hier de tweestapsverificatie; bij de volgende keer inloggen stelt die
          beheerder een nieuwe app in.
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {admins && (
          <Table size="small" aria-label="Beheerders">
            <TableHead>
              <TableRow>
                <TableCell>Naam</TableCell>
                <TableCell>E-mailadres</TableCell>
                <TableCell>Tweestapsverificatie</TableCell>
                <TableCell>Laatst ingelogd</TableCell>
                <TableCell align="right">Actie</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {admins.map((admin) => {
                const self = admin.id === identity?.id;
                return (
                  <TableRow key={admin.id}>
                    <TableCell>
                      {nameOf(admin)}
                      {self && ' (jij)'}
                    </TableCell>
                    <TableCell>{admin.email}</TableCell>
                    <TableCell>
                      {admin.two_factor_since ? (
                        <Chip size="small" variant="outlined" color="success" label={`Ingesteld sinds ${when(admin.two_factor_since)}`} />
                      ) : (
                        <Chip size="small" variant="outlined" color="error" label="Nog niet ingesteld" />
                      )}
                    </TableCell>
                    <TableCell>{admin.last_sign_in_at ? when(admin.last_sign_in_at) : 'Nooit'}</TableCell>
                    <TableCell align="right">
                      {!self && admin.two_factor_since && (
                        <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setResetting(admin)} aria-label={`Tweestapsverificatie van ${nameOf(admin)} herstellen`}>
                          2FA herstellen
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <Dialog open={resetting !== null} onClose={() => !busy && setResetting(null)} aria-labelledby="reset-title">
        <DialogTitle id="reset-title">Tweestapsverificatie van {resetting && nameOf(resetting)} herstellen?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {resetting && nameOf(resetting)} wordt overal uitgelogd en stelt bij de volgende keer inloggen een nieuwe authenticator-app in. Doe dit alleen als je zeker weet dat die beheerder het zelf
            vraagt, bijvoorbeeld na een telefoontje.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setResetting(null)} disabled={busy}>
            Annuleren
          </Button>
          <Button color="error" variant="contained" onClick={() => void reset()} disabled={busy}>
            Herstellen
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
