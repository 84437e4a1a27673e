// 'Opnieuw proberen': a failed payout, or one waiting for the act's Mollie connection, goes back
// to the payout job at once with its attempts reset (retry_payout, which the audit log records).
import { useState } from 'react';
import { Button } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider.ts';

export const RETRYABLE = ['failed', 'awaiting_connection'];

export function RetryPayoutButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || !RETRYABLE.includes(record.status as string)) return null;
  const retry = async () => {
    setBusy(true);
    try {
      await dataProvider.retryPayout(record.id);
      notify('De uitbetaling wordt opnieuw geprobeerd.', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReplayIcon />}
      disabled={busy}
      sx={{ whiteSpace: 'nowrap' }}
      onClick={(event) => {
        event.stopPropagation();
        void retry();
      }}
    >
      Opnieuw proberen
    </Button>
  );
}
