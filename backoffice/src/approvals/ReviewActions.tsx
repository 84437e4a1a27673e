// Approve or reject artists, one or many: through the review-artists edge function, which makes
// the decision as the admin and e-mails each artist. For an approved act with changes waiting,
// the decision is about the changes: the act stays online either way.
import { useState } from 'react';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, useDataProvider, useListContext, useNotify, useRecordContext, useRefresh, type Identifier } from 'react-admin';
import type { BackOfficeDataProvider, ReviewResult } from '../providers/dataProvider.ts';

function resultMessage(decision: 'approved' | 'rejected', result: ReviewResult, changes = false): string {
  const count = result.reviewed.length;
  const what = decision === 'approved' ? 'goedgekeurd' : 'afgewezen';
  const base = changes ? `Wijziging ${what}` : count === 1 ? `Artiest ${what}` : `${count} artiesten ${what}`;
  if (result.failed.length > 0) return `${base}, maar ${result.failed.length} e-mail(s) konden niet worden verstuurd.`;
  return `${base}; ${result.mailed === 1 ? 'de artiest krijgt' : 'de artiesten krijgen'} een e-mail.`;
}

function useReview(onDone?: () => void, changes = false) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const review = async (ids: Identifier[], decision: 'approved' | 'rejected', reason?: string) => {
    setBusy(true);
    try {
      const result = await dataProvider.reviewArtists(ids, decision, reason);
      notify(resultMessage(decision, result, changes), { type: result.failed.length > 0 ? 'warning' : 'success' });
      onDone?.();
      refresh();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { review, busy };
}

function RejectDialog({
  open,
  count,
  busy,
  changes = false,
  onClose,
  onConfirm,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  changes?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{changes ? 'Wijziging afwijzen' : count === 1 ? 'Artiest afwijzen' : `${count} artiesten afwijzen`}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label="Reden van afwijzing"
          helperText={changes ? 'De artiest krijgt deze reden per e-mail; het profiel blijft online zoals het was.' : 'De artiest krijgt deze reden per e-mail.'}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>Annuleren</MuiButton>
        <MuiButton color="error" variant="contained" disabled={busy || reason.trim() === ''} onClick={() => onConfirm(reason.trim())}>
          Afwijzen
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Approve and reject buttons for one artist (a row, or the preview). */
export function ReviewButtons() {
  const record = useRecordContext();
  const [rejecting, setRejecting] = useState(false);
  const changes = record?.review_kind === 'changes';
  const { review, busy } = useReview(() => setRejecting(false), changes);
  if (!record) return null;
  // One under the other: side by side they took the width the queue's columns need.
  return (
    <Stack alignItems="flex-start">
      <Button
        label="Goedkeuren"
        disabled={busy}
        onClick={(event) => {
          event.stopPropagation();
          void review([record.id], 'approved');
        }}
      >
        <CheckIcon />
      </Button>
      <Button
        label="Afwijzen"
        color="error"
        disabled={busy}
        onClick={(event) => {
          event.stopPropagation();
          setRejecting(true);
        }}
      >
        <CloseIcon />
      </Button>
      <RejectDialog open={rejecting} count={1} busy={busy} changes={changes} onClose={() => setRejecting(false)} onConfirm={(reason) => void review([record.id], 'rejected', reason)} />
    </Stack>
  );
}

/** Bulk actions on the selected rows of the queue. */
export function BulkReviewButtons() {
  const { selectedIds, onUnselectItems } = useListContext();
  const [rejecting, setRejecting] = useState(false);
  const { review, busy } = useReview(() => {
    setRejecting(false);
    onUnselectItems();
  });
  return (
    <>
      <Button label="Selectie goedkeuren" disabled={busy} onClick={() => void review(selectedIds, 'approved')}>
        <CheckIcon />
      </Button>
      <Button label="Selectie afwijzen" color="error" disabled={busy} onClick={() => setRejecting(true)}>
        <CloseIcon />
      </Button>
      <RejectDialog open={rejecting} count={selectedIds.length} busy={busy} onClose={() => setRejecting(false)} onConfirm={(reason) => void review(selectedIds, 'rejected', reason)} />
    </>
  );
}
