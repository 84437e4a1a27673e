// 'Meldingen', second part: chargebacks (admin_chargebacks). When a customer's bank takes a payment
// back, payment-webhook records it, holds the payout or, when the artist was already paid, shows
// what Podium lost, and takes back the referral bonus; each row opens its booking.
import { dutchShortDateTime } from '@podium/shared/dutch';
import { Alert, Box, Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatEuro } from '../labels.ts';
import { PayoutStatusChip } from '../payouts/PayoutStatusChip.tsx';

const payoutActionLabels: Record<string, string> = {
  held: 'Uitbetaling vastgehouden',
  already_paid: 'Artiest was al uitbetaald',
  none: 'Nog geen uitbetaling',
};

const when = dutchShortDateTime;

export function ChargebackSection() {
  const { data, total, isPending, error } = useGetList('chargebacks', { pagination: { page: 1, perPage: 25 }, sort: { field: 'recorded_at', order: 'DESC' } });
  return (
    <Box component="section" aria-labelledby="chargebacks-title" sx={{ mt: 4 }} data-testid="chargebacks">
      <Typography variant="h6" component="h2" id="chargebacks-title" sx={{ mb: 1 }}>
        Terugboekingen
      </Typography>
      {error ? (
        <Alert severity="error">De terugboekingen konden niet worden geladen. Vernieuw de pagina.</Alert>
      ) : isPending ? (
        <Typography color="text.secondary">Laden…</Typography>
      ) : !data?.length ? (
        <Typography color="text.secondary">Geen terugboekingen: geen klant heeft een betaling via de bank teruggedraaid.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Terugboekingen">
            <TableHead>
              <TableRow>
                <TableCell>Gemeld op</TableCell>
                <TableCell>Boeking</TableCell>
                <TableCell>Artiest</TableCell>
                <TableCell>Klant</TableCell>
                <TableCell align="right">Teruggeboekt</TableCell>
                <TableCell>Reden</TableCell>
                <TableCell>Uitbetaling</TableCell>
                <TableCell align="right">Verlies Podium</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <TableRow key={row.id} data-testid="chargeback-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.recorded_at)}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/bookings/${row.booking_id}/show`}>
                      {row.reference}
                    </Link>
                  </TableCell>
                  <TableCell>{row.artist_name}</TableCell>
                  <TableCell>
                    {row.customer_name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {row.customer_email}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(row.amount_cents)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      van {formatEuro(row.paid_cents)}
                    </Typography>
                  </TableCell>
                  <TableCell>{[row.reason_code, row.reason].filter(Boolean).join(': ') || '–'}</TableCell>
                  <TableCell>
                    <PayoutStatusChip status={row.payout_status} />
                    <Typography variant="caption" color="text.secondary" component="div">
                      {payoutActionLabels[row.payout_action] ?? row.payout_action}
                      {row.reversed_at ? ` · teruggedraaid ${when(row.reversed_at)}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{row.paid_out_anyway_cents > 0 ? <Chip size="small" color="error" variant="outlined" label={formatEuro(row.paid_out_anyway_cents)} /> : '–'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {total !== undefined && total > data.length && (
            <Typography variant="caption" color="text.secondary">
              De nieuwste {data.length} van {total}.
            </Typography>
          )}
        </TableContainer>
      )}
    </Box>
  );
}
