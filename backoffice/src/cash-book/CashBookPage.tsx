// 'Kasboek': where the money that came in went, per day and in total, to the cent (admin_cash_book):
// money in = refunds and chargebacks + paid out to artists + Podium's revenue + still held. Each day follows the
// bookings whose money came in that day; the difference must be 0 everywhere, and where it is not,
// the bookings behind it are listed.
import { dutchShortDate } from '@podium/shared/dutch';
import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, Checkbox, FormControlLabel, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { bookingStatusLabels, formatEuro, type BookingStatus } from '../labels.ts';
import { PayoutStatusChip } from '../payouts/PayoutStatusChip.tsx';
import type { BackOfficeDataProvider, CashBookGap, CashBookRow } from '../providers/dataProvider.ts';

const dayLabel = (day: string) => dutchShortDate(`${day}T12:00:00Z`, { weekday: true });

function Amount({ cents, details = [] }: { cents: number; details?: (string | false)[] }) {
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatEuro(cents)}
      </Box>
      {details.filter(Boolean).map((detail) => (
        <Typography key={detail as string} variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
          {detail}
        </Typography>
      ))}
    </>
  );
}

function CashBookLine({ row }: { row: CashBookRow }) {
  const total = row.day === null;
  const balanced = row.difference_cents === 0;
  return (
    <TableRow sx={total ? { bgcolor: 'action.hover', '& td': { fontWeight: 700 } } : undefined} data-testid={total ? 'cash-book-total' : undefined}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {total ? 'Totaal' : dayLabel(row.day!)}
        <Typography variant="caption" color="text.secondary" component="div">
          {row.bookings === 1 ? '1 boeking' : `${row.bookings} boekingen`}
        </Typography>
      </TableCell>
      <TableCell align="right">
        <Amount cents={row.money_in_cents} />
      </TableCell>
      <TableCell align="right">
        <Amount
          cents={row.refunds_cents + row.chargebacks_cents}
          details={[row.refunds_pending_cents > 0 && `${formatEuro(row.refunds_pending_cents)} onderweg`, row.chargebacks_cents > 0 && `${formatEuro(row.chargebacks_cents)} teruggeboekt`]}
        />
      </TableCell>
      <TableCell align="right">
        <Amount cents={row.paid_out_cents} details={[row.transferred_cents > 0 && `${formatEuro(row.transferred_cents)} uit saldo`]} />
      </TableCell>
      <TableCell align="right">
        <Amount
          cents={row.revenue_cents}
          details={[
            row.service_fee_cents > 0 && `+ ${formatEuro(row.service_fee_cents)} service`,
            row.bands_discount_cents > 0 && `− ${formatEuro(row.bands_discount_cents)} BANDS`,
            row.cancellation_kept_cents > 0 && `+ ${formatEuro(row.cancellation_kept_cents)} annulering`,
            row.chargeback_loss_cents > 0 && `− ${formatEuro(row.chargeback_loss_cents)} terugboeking`,
          ]}
        />
      </TableCell>
      <TableCell align="right">
        <Amount cents={row.held_cents} details={[row.owed_to_artists_cents > 0 && `${formatEuro(row.owed_to_artists_cents)} artiesten`]} />
      </TableCell>
      <TableCell align="right" sx={{ color: balanced ? 'success.main' : 'error.main', whiteSpace: 'nowrap' }}>
        {balanced ? 'Klopt' : formatEuro(row.difference_cents)}
      </TableCell>
    </TableRow>
  );
}

/** The bookings behind a difference: what came in, went back and went out, and by how much it is off. */
function CashBookGaps({ gaps }: { gaps: CashBookGap[] }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Boekingen die niet kloppen
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Boekingen die niet kloppen" sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Boeking</TableCell>
              <TableCell>Dag</TableCell>
              <TableCell>Artiest en klant</TableCell>
              <TableCell align="right">Binnen</TableCell>
              <TableCell align="right">Terugbetaald</TableCell>
              <TableCell align="right">Naar artiest</TableCell>
              <TableCell>Uitbetaling</TableCell>
              <TableCell align="right">Verschil</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {gaps.map((gap) => (
              <TableRow key={gap.booking_id}>
                <TableCell>
                  <Link component={RouterLink} to={`/bookings/${gap.booking_id}/show`}>
                    {gap.reference}
                  </Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {bookingStatusLabels[gap.booking_status as BookingStatus] ?? gap.booking_status}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayLabel(gap.day)}</TableCell>
                <TableCell>
                  {gap.artist_name}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {gap.customer_name}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  <Amount cents={gap.money_in_cents} />
                </TableCell>
                <TableCell align="right">
                  <Amount cents={gap.refunds_cents} />
                </TableCell>
                <TableCell align="right">
                  <Amount cents={gap.paid_out_cents} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <PayoutStatusChip status={gap.payout_status} />
                    {gap.payout_cents !== null && <span>{formatEuro(gap.payout_cents)}</span>}
                  </Stack>
                </TableCell>
                <TableCell align="right" sx={{ color: 'error.main', whiteSpace: 'nowrap' }}>
                  {formatEuro(gap.difference_cents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

export function CashBookPage() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [onlyOff, setOnlyOff] = useState(false);
  const [rows, setRows] = useState<CashBookRow[] | null>(null);
  const [gaps, setGaps] = useState<CashBookGap[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([dataProvider.cashBook(from || undefined, to || undefined), dataProvider.cashBookGaps(from || undefined, to || undefined)]).then(
      ([loaded, off]) => {
        setRows(loaded);
        setGaps(off);
        setError(null);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [dataProvider, from, to]);
  const off = rows?.filter((row) => row.day !== null && row.difference_cents !== 0) ?? [];
  const total = rows?.find((row) => row.day === null);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Kasboek" />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
          Binnen = terugbetaald + naar artiesten + omzet van Podium + in kas. Elke dag volgt de boekingen waarvan het geld die dag binnenkwam. Omzet is de servicekosten van vrijgegeven optredens min
          de BANDS-korting die Podium zelf aan de artiest betaalt, plus wat bij annuleringen is ingehouden. In kas: het geld van optredens die nog niet zijn vrijgegeven, en uitbetalingen die nog
          onderweg zijn.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField type="date" size="small" label="Van" sx={{ width: 200 }} value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="date" size="small" label="Tot en met" sx={{ width: 200 }} value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <FormControlLabel control={<Checkbox checked={onlyOff} onChange={(event) => setOnlyOff(event.target.checked)} />} label="Alleen dagen met een verschil" />
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {!rows && !error && <Typography>Laden…</Typography>}
        {rows && total && (
          <Alert severity={off.length === 0 && total.difference_cents === 0 ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="cash-book-verdict">
            {off.length === 0 && total.difference_cents === 0
              ? `Alles klopt tot op de cent: ${formatEuro(total.money_in_cents)} binnengekomen over ${rows.length - 1} ${rows.length - 1 === 1 ? 'dag' : 'dagen'}.`
              : `Er is een verschil van ${formatEuro(total.difference_cents)} op ${off.length} ${off.length === 1 ? 'dag' : 'dagen'}.`}
          </Alert>
        )}
        {gaps.length > 0 && <CashBookGaps gaps={gaps} />}
        {rows && (
          <TableContainer>
            <Table size="small" aria-label="Kasboek" sx={{ '& td, & th': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Dag</TableCell>
                  <TableCell align="right">Binnen</TableCell>
                  <TableCell align="right">Terugbetaald</TableCell>
                  <TableCell align="right">Naar artiesten</TableCell>
                  <TableCell align="right">Omzet Podium</TableCell>
                  <TableCell align="right">In kas</TableCell>
                  <TableCell align="right">Verschil</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows
                  .filter((row) => !onlyOff || row.day === null || row.difference_cents !== 0)
                  .map((row) => (
                    <CashBookLine key={row.day ?? 'total'} row={row} />
                  ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
