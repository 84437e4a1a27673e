// 'Uitbetalingen': every payout with its booking, act and customer, filterable by status; a row
// opens how it went out (Mollie ids, route and transfer) and the booking's amounts. Failed and
// waiting payouts can be tried again.
import { dutchShortDateTime } from '@podium/shared/dutch';
import { Box, Grid, Link, Stack, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { caseStatusLabels, choices, formatEuro, payoutStatusLabels } from '../labels.ts';
import { PayoutStatusChip } from './PayoutStatusChip.tsx';
import { RetryPayoutButton } from './RetryPayoutButton.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Act, klant, e-mail of boekingsnummer" sx={{ width: 340 }} />,
  <SelectInput key="status" source="status" label="Status" choices={choices(payoutStatusLabels)} alwaysOn />,
];

const when = (value: unknown) => (typeof value === 'string' ? dutchShortDateTime(value) : '–');

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function PayoutDetails() {
  const payout = useRecordContext();
  if (!payout) return null;
  const fact = (label: string, value: React.ReactNode) => (
    <Grid size={{ xs: 6, md: 3 }}>
      <Fact label={label}>{value ?? '–'}</Fact>
    </Grid>
  );
  return (
    <Box sx={{ px: 2, py: 1.5 }} data-testid="payout-details">
      <Grid container spacing={2}>
        {fact('Optreden', when(payout.starts_at))}
        {fact('Pakketprijs', formatEuro(payout.price_cents))}
        {fact('Servicekosten', formatEuro(payout.platform_fee_cents))}
        {fact('Met BANDS betaald', formatEuro(payout.bands_applied_cents))}
        {fact('Totaal van de klant', formatEuro(payout.total_cents))}
        {fact('Via route op de betaling', formatEuro(payout.route_cents))}
        {fact('Overboeking van Podium', formatEuro(payout.transfer_cents))}
        {fact('Vrijgegeven op', when(payout.released_at))}
        {fact('Uitbetaald op', when(payout.paid_at))}
        {fact('Mollie-organisatie', payout.organization_id ?? (payout.onboarding_status ? `koppeling: ${payout.onboarding_status}` : 'niet gekoppeld'))}
        {fact('Mollie-betaling', payout.mollie_payment_id)}
        {fact('Mollie-route', payout.mollie_route_id)}
        {fact('Mollie-overboeking', payout.mollie_transfer_id)}
        {fact('Volgende poging', when(payout.next_attempt_at))}
        {fact('Bijgewerkt', when(payout.updated_at))}
        {fact('Laatste fout', payout.last_error)}
        {fact(
          'Melding',
          payout.case_status ? (
            <Link component={RouterLink} to={`/booking-cases/${payout.id}/show`}>
              {caseStatusLabels[payout.case_status] ?? payout.case_status}
              {payout.case_refund_cents ? ` (${formatEuro(payout.case_refund_cents)} terugbetaald)` : ''}
            </Link>
          ) : (
            'Geen'
          ),
        )}
        {fact(
          'Boeking',
          <Link component={RouterLink} to={`/bookings/${payout.id}/show`}>
            {payout.reference}
          </Link>,
        )}
      </Grid>
    </Box>
  );
}

export function PayoutList() {
  return (
    <List title="Uitbetalingen" filters={filters} sort={{ field: 'updated_at', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<PayoutDetails />} expandSingle>
        <TextField source="reference" sortable={false} />
        <TextField source="artist_name" sortable={false} />
        <TextField source="customer_name" sortable={false} />
        <FunctionField source="amount_cents" render={(record) => formatEuro(record.amount_cents)} />
        <FunctionField
          source="status"
          render={(record) => (
            <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
              <PayoutStatusChip status={record.status} />
              <RetryPayoutButton />
            </Stack>
          )}
        />
        <FunctionField
          source="attempts"
          render={(record) => (
            <>
              <Typography variant="body2">{record.attempts === 1 ? '1 poging' : `${record.attempts} pogingen`}</Typography>
              {record.last_error && (
                <Typography variant="body2" color="error" title={record.last_error} sx={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {record.last_error}
                </Typography>
              )}
            </>
          )}
        />
      </Datagrid>
    </List>
  );
}
