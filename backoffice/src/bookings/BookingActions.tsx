// Support's actions on a booking, through transition_booking (which decides whether the move
// is allowed): cancel, with the refund the payment policy gives, or mark completed.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { formatEuro } from '../labels.ts';
import type { BackOfficeDataProvider } from '../providers/dataProvider.ts';

type Action = 'cancelled' | 'completed';

const CAN: Record<Action, string[]> = {
  cancelled: ['pending', 'accepted', 'confirmed'],
  completed: ['confirmed'],
};

export function BookingActions({ paidCents, onDone }: { paidCents: number; onDone: () => void }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const run = async () => {
    if (!action) return;
    setBusy(true);
    try {
      await dataProvider.transitionBooking(record.id, action, reason.trim());
      notify(action === 'cancelled' ? 'Boeking geannuleerd' : 'Boeking gemarkeerd als afgerond', { type: 'success' });
      setAction(null);
      setReason('');
      refresh();
      onDone();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" color="error" disabled={!CAN.cancelled.includes(record.status)} onClick={() => setAction('cancelled')}>
          Annuleren{paidCents > 0 ? ' met terugbetaling' : ''}
        </Button>
        <Button variant="outlined" disabled={!CAN.completed.includes(record.status)} onClick={() => setAction('completed')}>
          Markeren als afgerond
        </Button>
      </Stack>
      <Dialog open={action !== null} onClose={() => setAction(null)} fullWidth maxWidth="sm">
        <DialogTitle>{action === 'cancelled' ? `Boeking ${record.reference} annuleren` : `Boeking ${record.reference} afronden`}</DialogTitle>
        <DialogContent>
          {action === 'cancelled' && paidCents > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              De klant heeft {formatEuro(paidCents)} betaald. Bij annuleren door Podium krijgt de klant volgens het annuleringsbeleid het volledige bedrag (minus eerdere terugbetalingen) teruggestort
              via Mollie; gebruikte BANDS gaan direct terug naar de klant.
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label="Reden (komt in de tijdlijn)"
            required={action === 'cancelled'}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAction(null)}>Terug</Button>
          <Button variant="contained" color={action === 'cancelled' ? 'error' : 'primary'} disabled={busy || (action === 'cancelled' && reason.trim() === '')} onClick={() => void run()}>
            {action === 'cancelled' ? 'Boeking annuleren' : 'Afronden'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
