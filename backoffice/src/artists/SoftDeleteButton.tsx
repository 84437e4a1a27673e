// Soft delete and restore: deleted_at hides an artist from the site and can be undone.
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';

export function SoftDeleteButton() {
  const record = useRecordContext();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  const deleted = record.deleted_at != null;
  const apply = (deletedAt: string | null) =>
    update(
      'artists',
      { id: record.id, data: { deleted_at: deletedAt }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(deletedAt ? `${record.name} is verwijderd` : `${record.name} is teruggezet`, { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  if (deleted) {
    return (
      <Button
        label="Terugzetten"
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          void apply(null);
        }}
      >
        <RestoreIcon />
      </Button>
    );
  }
  return (
    <>
      <Button
        label="Verwijderen"
        color="error"
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          setConfirming(true);
        }}
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title={`${record.name} verwijderen`}
        content="De artiest verdwijnt van de site. Je kunt dit later terugzetten."
        confirm="Verwijderen"
        cancel="Annuleren"
        onConfirm={() => {
          setConfirming(false);
          void apply(new Date().toISOString());
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
