// A payout's status as a coloured chip, in the back office's words.
import { Chip, type ChipProps } from '@mui/material';
import { payoutStatusLabels } from '../labels.ts';

const colors: Record<string, ChipProps['color']> = {
  due: 'info',
  held: 'warning',
  failed: 'error',
  paid: 'success',
  awaiting_connection: 'warning',
  checkin: 'default',
  refunded: 'default',
};

export function PayoutStatusChip({ status }: { status: string | null | undefined }) {
  if (!status) return <>–</>;
  return <Chip size="small" label={payoutStatusLabels[status] ?? status} color={colors[status] ?? 'default'} variant={status === 'paid' ? 'filled' : 'outlined'} />;
}
