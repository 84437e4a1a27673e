// One case as the team judges it: the booking and what was paid, the customer's report with its
// photos, the act's reply, their conversation (read only), and the three ways to resolve it; once
// resolved, how, by whom, and a link to its entries in the audit log.
import { dutchShortDateTime } from '@podium/shared/dutch';
import { useEffect, useState } from 'react';
import { Alert, Box, Grid, Link, Stack, Typography } from '@mui/material';
import { Show, useDataProvider, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { ConversationThread } from '../bookings/ConversationThread.tsx';
import { Section } from '../layout/Section.tsx';
import { caseResolutionLabels, caseStatusLabels, formatEuro } from '../labels.ts';
import { PayoutStatusChip } from '../payouts/PayoutStatusChip.tsx';
import type { BackOfficeDataProvider, ConversationMessage } from '../providers/dataProvider.ts';
import { reasonLabel } from './CaseList.tsx';
import { ResolveCaseActions } from './ResolveCaseActions.tsx';

const when = (value: unknown) => (typeof value === 'string' ? dutchShortDateTime(value) : '–');

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

function CasePhotos({ paths }: { paths: string[] }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [urls, setUrls] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = paths.join('|');
  useEffect(() => {
    if (paths.length === 0) return;
    dataProvider.casePhotoUrls(paths).then(setUrls, (failure: Error) => setError(failure.message));
    // The paths' contents, not the array's identity, decide when to sign again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider, key]);
  if (paths.length === 0) return <Typography color="text.secondary">Geen foto's meegestuurd.</Typography>;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!urls) return <Typography>Foto's laden…</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Foto's van de klant">
      {urls.map((url, index) =>
        url ? (
          <Link key={paths[index]} href={url} target="_blank" rel="noopener noreferrer">
            <Box
              component="img"
              src={url}
              alt={`Foto ${index + 1} van de klant`}
              sx={{ width: 160, height: 120, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
            />
          </Link>
        ) : (
          <Typography key={paths[index]} variant="body2" color="text.secondary">
            Foto {index + 1} is niet meer beschikbaar.
          </Typography>
        ),
      )}
    </Stack>
  );
}

function CaseDetails() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [messages, setMessages] = useState<ConversationMessage[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!record) return;
    dataProvider.bookingDetails(record.id).then(
      (details) => setMessages(details.messages),
      (failure: Error) => setError(failure.message),
    );
  }, [dataProvider, record?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!record) return null;
  const auditFilter = encodeURIComponent(JSON.stringify({ record_id: record.id }));

  return (
    <Box sx={{ p: 2 }}>
      <Section title="Boeking">
        <Grid container spacing={2}>
          <Fact label="Boeking">
            <Link component={RouterLink} to={`/bookings/${record.id}/show`}>
              {record.reference}
            </Link>
          </Fact>
          <Fact label="Artiest">
            {record.artist_name}
            <br />
            {record.artist_email}
          </Fact>
          <Fact label="Klant">
            {record.customer_name}
            <br />
            {record.customer_email}
            {record.customer_phone ? (
              <>
                <br />
                {record.customer_phone}
              </>
            ) : null}
          </Fact>
          <Fact label="Optreden">
            {when(record.starts_at)}
            {record.event_type ? ` · ${record.event_type}` : ''}
            {record.event_location ? (
              <>
                <br />
                {record.event_location}
              </>
            ) : null}
          </Fact>
          <Fact label="Pakketprijs">{formatEuro(record.price_cents)}</Fact>
          <Fact label="Servicekosten / BANDS">
            {formatEuro(record.platform_fee_cents)} / {formatEuro(record.bands_applied_cents)}
          </Fact>
          <Fact label="Betaald door de klant">
            {formatEuro(record.paid_cents)}
            {record.refunded_cents ? ` (${formatEuro(record.refunded_cents)} terugbetaald)` : ''}
          </Fact>
          <Fact label="Uitbetaling aan de artiest">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{formatEuro(record.payout_cents)}</span>
              <PayoutStatusChip status={record.payout_status} />
            </Stack>
          </Fact>
        </Grid>
      </Section>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Melding van de klant">
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {reasonLabel(record.reason)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" gutterBottom>
              Gemeld op {when(record.created_at)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 2 }} data-testid="case-details">
              {record.details}
            </Typography>
            <CasePhotos paths={(record.photos as string[]) ?? []} />
          </Section>
          <Section title="Reactie van de artiest">
            {record.artist_reply ? (
              <>
                <Typography variant="caption" color="text.secondary" component="p" gutterBottom>
                  {when(record.artist_replied_at)}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {record.artist_reply}
                </Typography>
              </>
            ) : (
              <Typography color="text.secondary">De artiest heeft nog niet gereageerd.</Typography>
            )}
          </Section>
          <Section title="Afhandeling">
            {record.status === 'open' ? (
              <ResolveCaseActions />
            ) : (
              <Stack spacing={1} data-testid="case-resolution">
                <Typography>
                  <strong>{caseResolutionLabels[record.resolution] ?? record.resolution}</strong>
                  {record.refund_cents ? `: ${formatEuro(record.refund_cents)} terug naar de klant` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Door {record.resolved_by_name ?? 'onbekend'} op {when(record.resolved_at)}
                </Typography>
                {record.resolution_note && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {record.resolution_note}
                  </Typography>
                )}
                <Link component={RouterLink} to={`/audit-log?filter=${auditFilter}`}>
                  Bekijk in de auditlog
                </Link>
              </Stack>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Gesprek tussen klant en artiest (alleen lezen)">
            {error ? <Alert severity="error">{error}</Alert> : <ConversationThread messages={messages} customerId={record.customer_id as string} />}
          </Section>
        </Grid>
      </Grid>
    </Box>
  );
}

function CaseTitle() {
  const record = useRecordContext();
  return <>{record ? `Melding over boeking ${record.reference} (${(caseStatusLabels[record.status] ?? record.status).toLowerCase()})` : 'Melding'}</>;
}

export function CaseShow() {
  return (
    <Show title={<CaseTitle />}>
      <CaseDetails />
    </Show>
  );
}
