// A booking as support sees it: the details, the timeline (booking_events), payments and
// refunds, the conversation between customer and artist (read only) and the actions.
import { dutchDateTime, dutchShortDateTime } from '@podium/shared/dutch';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Divider, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { FunctionField, Labeled, Show, SimpleShowLayout, TextField, useDataProvider, useRecordContext } from 'react-admin';
import { useLiveVersion } from '../live/LiveChanges.tsx';
import { bookingStatusLabels, formatEuro, type BookingStatus } from '../labels.ts';
import type { BackOfficeDataProvider, BookingDetails } from '../providers/dataProvider.ts';
import { BookingActions } from './BookingActions.tsx';
import { BookingStatusBadge } from './BookingStatusBadge.tsx';
import { ConversationThread } from './ConversationThread.tsx';
import { MomentField } from '../layout/fields.tsx';
import { Section } from '../layout/Section.tsx';

const when = dutchShortDateTime;
const actorLabels: Record<string, string> = { customer: 'klant', artist: 'artiest', admin: 'beheerder', system: 'systeem' };
const paymentLabels: Record<string, string> = {
  open: 'Open',
  pending: 'In behandeling',
  authorized: 'Geautoriseerd',
  paid: 'Betaald',
  failed: 'Mislukt',
  canceled: 'Geannuleerd',
  expired: 'Verlopen',
};

export function BookingDetailsPanel() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [details, setDetails] = useState<BookingDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    if (!record) return;
    dataProvider.bookingDetails(record.id).then(setDetails, (failure: Error) => setError(failure.message));
  }, [dataProvider, record]);
  // Read again when the booking's status changes, and when bookings change (a payment, a refund: LiveChanges).
  const live = useLiveVersion('bookings');
  useEffect(load, [load, record?.status, live]);
  if (!record) return null;
  if (error) return <Alert severity="error">{error}</Alert>;
  const paid = details?.payments.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.amount_cents - p.refunded_cents, 0) ?? 0;

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="Acties">
          <BookingActions paidCents={paid} onDone={load} />
        </Section>
        <Section title="Tijdlijn">
          {!details ? (
            <Typography>Laden…</Typography>
          ) : (
            <Box component="ol" sx={{ pl: 2, m: 0 }} aria-label="Tijdlijn">
              {details.events.map((event) => (
                <li key={event.id}>
                  <Typography variant="body2">
                    <strong>{bookingStatusLabels[event.to_status as BookingStatus] ?? event.to_status}</strong>
                    {event.from_status ? ` (was ${bookingStatusLabels[event.from_status as BookingStatus] ?? event.from_status})` : ''} door {actorLabels[event.actor] ?? event.actor} ·{' '}
                    {when(event.created_at)}
                  </Typography>
                  {event.reason && (
                    <Typography variant="body2" color="text.secondary">
                      Reden: {event.reason}
                    </Typography>
                  )}
                </li>
              ))}
            </Box>
          )}
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="Gesprek (alleen lezen)">
          <ConversationThread messages={details?.messages} customerId={record.customer_id as string} />
        </Section>
      </Grid>
      {/* The whole width: in half of it the date column of a 1280 px screen wrapped over three lines. */}
      <Grid size={12}>
        <Section title="Betalingen en terugbetalingen">
          {details && details.payments.length === 0 ? (
            <Typography>Nog geen betalingen.</Typography>
          ) : (
            // On a phone the table scrolls within its card rather than the page sideways.
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Betaling</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Bedrag</TableCell>
                    <TableCell>Terugbetaald</TableCell>
                    <TableCell>Datum</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {details?.payments.map((payment) => (
                    <TableRow key={payment.id}>
                      <TableCell>
                        {payment.provider_payment_id}
                        {payment.method ? ` (${payment.method})` : ''}
                      </TableCell>
                      <TableCell>{paymentLabels[payment.status] ?? payment.status}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatEuro(payment.amount_cents)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatEuro(payment.refunded_cents)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(payment.paid_at ?? payment.created_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Section>
      </Grid>
    </Grid>
  );
}

export function BookingShow() {
  return (
    <Show title={<BookingTitle />}>
      <SimpleShowLayout>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <TextField source="reference" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <FunctionField source="status" render={() => <BookingStatusBadge />} />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <FunctionField source="starts_at" render={(r) => dutchDateTime(r.starts_at)} />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <MomentField source="created_at" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <TextField source="customer_name" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <TextField source="customer_email" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <TextField source="customer_phone" emptyText="–" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <TextField source="artist_name" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <TextField source="event_type" emptyText="–" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <TextField source="event_location" emptyText="–" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <FunctionField source="price_cents" render={(r) => formatEuro(r.price_cents)} />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Labeled>
              <FunctionField source="total_cents" render={(r) => `${formatEuro(r.total_cents)} (servicekosten ${formatEuro(r.platform_fee_cents)}, BANDS ${formatEuro(r.bands_applied_cents)})`} />
            </Labeled>
          </Grid>
          <Grid size={12}>
            <Labeled>
              <TextField source="notes" emptyText="–" />
            </Labeled>
          </Grid>
        </Grid>
        <Divider />
        <BookingDetailsPanel />
      </SimpleShowLayout>
    </Show>
  );
}

function BookingTitle() {
  const record = useRecordContext();
  return <>{record ? `Boeking ${record.reference}` : 'Boeking'}</>;
}
