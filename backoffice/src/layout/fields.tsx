// Grid columns the back office repeats: a moment in the shared Dutch format (react-admin's
// DateField formats with Intl itself), and a main text with a secondary line under it, so a
// name and its e-mail share one column and the grids fit a 1280 px screen.
import { Typography } from '@mui/material';
import { dutchShortDate, dutchShortDateTime } from '@podium/shared/dutch';
import { useRecordContext } from 'react-admin';

interface ColumnProps {
  source: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
}

/** '12 dec 2026, 20:00' (or '12 dec 2026' with `dateOnly`), '–' when there is none. */
export function MomentField({ source, dateOnly = false }: ColumnProps & { dateOnly?: boolean }) {
  const record = useRecordContext();
  const value = record?.[source] as string | null | undefined;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {value ? (dateOnly ? dutchShortDate(value) : dutchShortDateTime(value)) : '–'}
    </Typography>
  );
}

/** The record's `source` with its `secondary` under it in small grey type (a name and its e-mail). */
export function StackedField({ source, secondary }: ColumnProps & { secondary: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <Typography variant="body2">{(record[source] as string | null) || '–'}</Typography>
      {record[secondary] && (
        // A long e-mail address breaks anywhere rather than pushing the grid past the screen's edge.
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {String(record[secondary])}
        </Typography>
      )}
    </>
  );
}
