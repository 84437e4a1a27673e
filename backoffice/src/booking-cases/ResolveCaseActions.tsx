// Resolving a case (resolve_booking_case, which refunds through Mollie, releases the rest of the
// payout and writes the audit log): pay the act in full, refund part and pay the rest, or refund
// everything. Each asks for a confirmation; the database's Dutch refusal is shown as it is.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { formatEuro } from '../labels.ts';
import type { BackOfficeDataProvider, CaseResolution } from '../providers/dataProvider.ts';
import { parseEuroCents, partialRefundProblem } from './refund-amount.ts';

const titles: Record<CaseResolution, string> = {
  pay_artist: 'Artiest volledig uitbetalen',
  partial_refund: 'Deels terugbetalen',
  full_refund: 'Volledig terugbetalen',
};

export function ResolveCaseActions() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [action, setAction] = useState<CaseResolution | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'open') return null;

  const price = record.price_cents as number;
  const stillPaid = (record.paid_cents as number) - (record.refunded_cents as number);
  const maxPartial = record.max_partial_refund_cents as number;
  const amountProblem = action === 'partial_refund' ? partialRefundProblem(amount, maxPartial) : null;
  const refundCents = action === 'partial_refund' ? (parseEuroCents(amount) ?? 0) : 0;

  const open = (next: CaseResolution) => {
    setAction(next);
    setAmount('');
    setTouched(false);
    setRefusal(null);
  };
  const confirm = async () => {
    if (!action) return;
    setTouched(true);
    if (amountProblem) return;
    setBusy(true);
    setRefusal(null);
    try {
      await dataProvider.resolveCase(record.id, action, refundCents, note.trim());
      notify('Melding afgehandeld.', { type: 'success' });
      setAction(null);
      setNote('');
      refresh();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const outcome = (() => {
    if (action === 'pay_artist') return `De artiest krijgt ${formatEuro(price)} uitbetaald; de klant krijgt niets terug.`;
    if (action === 'full_refund') return `De klant krijgt ${formatEuro(stillPaid)} terug (alles wat nog betaald is); de artiest krijgt niets.`;
    if (action === 'partial_refund' && !amountProblem) return `De klant krijgt ${formatEuro(refundCents)} terug; de artiest krijgt ${formatEuro(price - refundCents)} uitbetaald.`;
    return `Kies hoeveel de klant terugkrijgt, tussen € 0,01 en ${formatEuro(maxPartial)}; de artiest krijgt de rest van ${formatEuro(price)}.`;
  })();

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => open('pay_artist')}>
          {titles.pay_artist}
        </Button>
        <Button variant="outlined" onClick={() => open('partial_refund')} disabled={maxPartial < 1}>
          {titles.partial_refund}
        </Button>
        <Button variant="outlined" color="error" onClick={() => open('full_refund')}>
          {titles.full_refund}
        </Button>
      </Stack>
      <Dialog open={action !== null} onClose={() => !busy && setAction(null)} fullWidth maxWidth="sm">
        <DialogTitle>
          {action ? titles[action] : ''}: boeking {record.reference}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }} data-testid="resolve-outcome">
            {outcome}
          </DialogContentText>
          {action === 'partial_refund' && (
            <TextField
              autoFocus
              fullWidth
              label="Bedrag terug naar de klant (€)"
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && amountProblem !== null}
              helperText={touched && amountProblem ? amountProblem : `Tussen € 0,01 en ${formatEuro(maxPartial)}`}
              sx={{ mb: 2 }}
            />
          )}
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Toelichting (komt in de auditlog)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {refusal && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {refusal}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAction(null)} disabled={busy}>
            Terug
          </Button>
          <Button variant="contained" color={action === 'full_refund' ? 'error' : 'primary'} disabled={busy} onClick={() => void confirm()}>
            Bevestigen
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
