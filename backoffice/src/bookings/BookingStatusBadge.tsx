import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { bookingStatusColors, bookingStatusLabels, type BookingStatus } from '../labels.ts';

export function BookingStatusBadge({ status }: { status?: string }) {
  const record = useRecordContext();
  const value = (status ?? record?.status) as BookingStatus | undefined;
  if (!value) return null;
  return <Chip size="small" label={bookingStatusLabels[value] ?? value} sx={{ bgcolor: bookingStatusColors[value], color: '#fff', fontWeight: 600 }} />;
}
