// 'Mijn boekingen' (/bookings, SPEC 2.1): the customer's bookings in five tabs with
// counts and a Dutch status badge; ?booking=<id> (the link in every booking e-mail) opens one
// booking with its amounts, refunds, timeline, the payment deadline counting down and the actions
// its status allows. A change made elsewhere (the artist accepts, a payment confirms) shows
// without reloading: the realtime manager refreshes these queries.
import { dutchCents, dutchDateTime, dutchShortMoment } from '@podium/shared/dutch';
import { Box, Button, chakra, Container, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { bookingStatusLabel } from '@podium/shared/booking-status';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { timeLeft, useMinuteClock } from '@podium/shared/countdown';
import { downloadBookingInvoice } from '@podium/shared/invoice-download';
import { reviewEditable } from '@podium/shared/reviews';
import { toast } from '@podium/shared/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@podium/shared/query-keys';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { bookingDetailQuery, cancelBooking, cancellationQuoteQuery, customerBookingsQuery, type BookingDetail, type CustomerBooking } from '../data/bookings.ts';
import { loadPrivateClient, privateQueryOptions } from '../data/private-query.ts';
import { env } from '../env.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { bookingIcs } from './booking-calendar.ts';
import { awaitsCheckin, CheckinCard, PlayedGigHint } from './CheckinCard.tsx';
import { checkinState, oneCheckin } from '@podium/shared/checkin';
import { bookingTabLabels, bookingTabs, chosenTab, countByTab, tabOf, type BookingTab } from './booking-tabs.ts';

const actorLabels: Record<string, string> = { customer: 'jou', artist: 'de artiest', admin: 'Podium', system: 'Podium' };
const methodLabels: Record<string, string> = { ideal: 'iDEAL', bancontact: 'Bancontact', creditcard: 'creditcard' };

export default function BookingsPage() {
  const [params, setParams] = useSearchParams();
  const bookings = useQuery(privateQueryOptions(customerBookingsQuery()));
  const openId = params.get('booking');
  const counts = countByTab(bookings.data ?? []);
  const tab = chosenTab(params.get('tab'), counts);
  const ids = useId();
  const select = (next: BookingTab) => {
    const updated = new URLSearchParams(params);
    updated.set('tab', next);
    updated.delete('booking');
    setParams(updated, { preventScrollReset: true });
  };
  const shown = (bookings.data ?? []).filter((booking) => tabOf(booking) === tab);
  const now = useMinuteClock();
  const checkins = (bookings.data ?? []).filter((booking) => booking.id !== openId && awaitsCheckin(booking, now));
  if (tab === 'afgelopen' || tab === 'geannuleerd') shown.reverse();

  return (
    <>
      <PageMeta title="Mijn boekingen" description="Je aanvragen en boekingen op Podium." path="/bookings" noindex />
      <Container maxW="5xl" px={{ base: '4', md: '6' }} pt={{ base: '6', md: '10' }} pb={{ base: '10', md: '16' }}>
        <Stack gap={{ base: '5', md: '7' }}>
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800" letterSpacing="-0.02em">
            Mijn boekingen
          </Heading>
          {checkins.map((booking) => (
            <CheckinCard key={booking.id} booking={booking} />
          ))}
          {openId && <BookingDetailView bookingId={openId} />}
          <HStack role="tablist" aria-label="Boekingen" gap="2" overflowX="auto" pb="1">
            {bookingTabs.map((name) => (
              <Button
                key={name}
                role="tab"
                id={`${ids}-${name}`}
                aria-selected={tab === name}
                aria-controls={`${ids}-panel`}
                tabIndex={tab === name ? 0 : -1}
                rounded="full"
                size="sm"
                variant={tab === name ? 'solid' : 'outline'}
                colorPalette={tab === name ? 'brand' : undefined}
                flexShrink={0}
                onClick={() => select(name)}
                onKeyDown={(event) => {
                  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                  if (!step) return;
                  const next = bookingTabs[(bookingTabs.indexOf(name) + step + bookingTabs.length) % bookingTabs.length]!;
                  select(next);
                  document.getElementById(`${ids}-${next}`)?.focus();
                }}
              >
                {bookingTabLabels[name]} ({counts[name]})
              </Button>
            ))}
          </HStack>
          <Stack id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-${tab}`} gap="3">
            {bookings.isPending ? (
              <>
                <SkeletonBlock h="8rem" />
                <SkeletonBlock h="8rem" />
              </>
            ) : bookings.isError ? (
              <LoadError subject="Je boekingen" plural={true} onRetry={() => void bookings.refetch()} />
            ) : shown.length === 0 ? (
              <EmptyTab tab={tab} />
            ) : (
              shown.map((booking) => <BookingCard key={booking.id} booking={booking} tab={tab} />)
            )}
          </Stack>
        </Stack>
      </Container>
    </>
  );
}

const emptyTexts: Record<BookingTab, string> = {
  aanvragen: 'Je hebt geen openstaande aanvragen.',
  'te-betalen': 'Er staat niets open om te betalen.',
  bevestigd: 'Je hebt nog geen bevestigde boekingen.',
  afgelopen: 'Nog geen afgelopen optredens.',
  geannuleerd: 'Geen geannuleerde of afgewezen boekingen.',
};

function EmptyTab({ tab }: { tab: BookingTab }) {
  return (
    <Stack gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '6' }} align="flex-start">
      <Text>{emptyTexts[tab]}</Text>
      <Button asChild colorPalette="brand" rounded="full" size="sm">
        <Link to="/artists">Vind een artiest</Link>
      </Button>
    </Stack>
  );
}

function DeadlineLine({ booking }: { booking: Pick<CustomerBooking, 'status' | 'payment_deadline' | 'response_deadline'> }) {
  const now = useMinuteClock();
  if (booking.status === 'accepted' && booking.payment_deadline) {
    const left = timeLeft(booking.payment_deadline, now);
    return (
      <Text color={left ? 'brand.700' : 'red.700'} fontWeight="600" data-testid="payment-deadline">
        {left ? `Betaal binnen ${left} (vóór ${dutchShortMoment(booking.payment_deadline)})` : 'De betaaltermijn is verlopen.'}
      </Text>
    );
  }
  if (booking.status === 'pending' && booking.response_deadline) {
    return <Text color="fg.muted">De artiest reageert uiterlijk {dutchShortMoment(booking.response_deadline)}.</Text>;
  }
  return null;
}

function BookingCard({ booking, tab }: { booking: CustomerBooking; tab: BookingTab }) {
  const name = booking.artist?.name ?? 'Artiest';
  return (
    <Stack as="article" aria-label={`${name}, ${dutchDateTime(booking.starts_at)}`} gap="2" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} data-testid="booking-card">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="0.5">
          <Heading as="h2" fontSize="lg" fontWeight="700">
            {name}
          </Heading>
          <Text color="fg.muted">
            {dutchDateTime(booking.starts_at)}
            {booking.event_location ? ` · ${booking.event_location}` : ''}
          </Text>
        </Stack>
        <BookingStatusBadge status={booking.status} size="md" />
      </HStack>
      <DeadlineLine booking={booking} />
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontWeight="700">{dutchCents(booking.total_cents)}</Text>
        <HStack gap="2">
          {booking.status === 'accepted' && (
            <Button asChild colorPalette="brand" rounded="full" size="sm">
              <Link to={`/booking/${booking.id}/checkout`}>Nu betalen</Link>
            </Button>
          )}
          {booking.status === 'completed' && <ReviewLink booking={booking} name={name} />}
          <Button asChild variant="outline" rounded="full" size="sm">
            <Link to={`/bookings?tab=${tab}&booking=${booking.id}`} aria-label={`Details van ${name} op ${dutchDateTime(booking.starts_at)}`}>
              Details
            </Link>
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}

/** A completed gig: write the review, change it while that is allowed, or read it back. */
function ReviewLink({ booking, name }: { booking: CustomerBooking; name: string }) {
  const review = Array.isArray(booking.review) ? booking.review[0] : booking.review;
  const when = dutchDateTime(booking.starts_at);
  const now = useMinuteClock();
  if (!review && checkinState(oneCheckin(booking.checkin), now) !== 'released') return <PlayedGigHint booking={booking} />;
  const [label, to] = !review
    ? ['Review schrijven', `/reviews/booking/${booking.id}`]
    : reviewEditable(review.editable_until, now)
      ? ['Review bewerken', `/reviews/booking/${booking.id}?bewerken=1`]
      : ['Bekijk je review', `/reviews/booking/${booking.id}`];
  return (
    <Button asChild colorPalette={review ? undefined : 'brand'} variant={review ? 'outline' : 'solid'} rounded="full" size="sm">
      <Link to={to} aria-label={`${label}: ${name}, ${when}`}>
        {label}
      </Link>
    </Button>
  );
}

function BookingDetailView({ bookingId }: { bookingId: string }) {
  const detail = useQuery(privateQueryOptions(bookingDetailQuery(bookingId)));
  const heading = 'booking-detail-heading';
  useEffect(() => {
    if (detail.data) document.getElementById(heading)?.scrollIntoView({ block: 'nearest' });
  }, [detail.data]);
  if (detail.isPending) return <SkeletonBlock h="20rem" />;
  if (detail.isError) return <LoadError subject="De boeking" plural={false} onRetry={() => void detail.refetch()} />;
  const booking = detail.data;
  if (!booking) {
    return (
      <Box role="alert" bg="white" borderWidth="1px" rounded="2xl" p="5">
        Deze boeking kunnen we niet vinden. De link klopt niet, of de boeking staat op een ander account.
      </Box>
    );
  }
  const name = booking.artist?.name ?? 'Artiest';
  const paid = booking.payments.filter((payment) => payment.status === 'paid');
  return (
    <Stack as="section" aria-labelledby={heading} gap="5" bg="white" borderWidth="1px" borderColor="brand.200" rounded="2xl" p={{ base: '5', md: '7' }} data-testid="booking-detail">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="1">
          <Heading as="h2" id={heading} fontSize="2xl" fontWeight="800">
            {name}
          </Heading>
          <Text color="fg.muted">{dutchDateTime(booking.starts_at)}</Text>
          <Text color="fg.muted">
            {[booking.event_type, booking.event_location, booking.guest_count ? `${booking.guest_count} gasten` : '', booking.package?.name ?? ''].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <BookingStatusBadge status={booking.status} size="md" />
      </HStack>
      <DeadlineLine booking={booking} />
      {booking.charged_back_at && (
        <Box role="status" bg="red.50" borderWidth="1px" borderColor="red.200" rounded="xl" p="4" data-testid="charged-back">
          Teruggeboekt op {dutchShortMoment(booking.charged_back_at)}: je bank heeft (een deel van) de betaling teruggedraaid. We nemen contact met je op om dit op te lossen.
        </Box>
      )}
      {booking.status === 'completed' && <CheckinCard booking={booking} headingLevel="h3" />}

      <Stack as="dl" gap="1" maxW="sm">
        <AmountRow label={booking.package?.name ? `Pakket ${booking.package.name}` : 'Optreden'} cents={booking.price_cents} />
        <AmountRow label="Servicekosten" cents={booking.platform_fee_cents} />
        {booking.bands_applied_cents > 0 && <AmountRow label="BANDS" cents={-booking.bands_applied_cents} />}
        <AmountRow label="Totaal" cents={booking.total_cents} strong />
        {paid.map((payment, index) => (
          <AmountRow
            key={index}
            label={`Betaald${payment.method ? ` met ${methodLabels[payment.method] ?? payment.method}` : ''}${payment.paid_at ? ` op ${dutchShortMoment(payment.paid_at)}` : ''}`}
            cents={payment.amount_cents}
          />
        ))}
        {booking.refunds.map((refund, index) => (
          <AmountRow
            key={index}
            label={
              refund.status === 'sent'
                ? `Terugbetaald (${refund.refund_percent}%) op ${dutchShortMoment(refund.sent_at!)}, binnen 5 tot 10 werkdagen op je rekening`
                : `Terugbetaling aangevraagd (${refund.refund_percent}%)`
            }
            cents={refund.amount_cents}
          />
        ))}
      </Stack>

      <BookingActions booking={booking} />

      <Stack gap="2">
        <Heading as="h3" fontSize="md">
          Tijdlijn
        </Heading>
        <Stack as="ol" gap="1.5" listStyleType="none" m="0" p="0" data-testid="booking-timeline">
          {booking.events.map((event) => (
            <Box as="li" key={event.id} borderStartWidth="3px" borderColor="brand.200" ps="3">
              <Text fontWeight="600">{bookingStatusLabel(event.to_status)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {dutchShortMoment(event.created_at)} door {actorLabels[event.actor] ?? event.actor}
                {event.reason ? `: ${event.reason}` : ''}
              </Text>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}

function AmountRow({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <HStack justify="space-between" gap="4" fontWeight={strong ? '700' : undefined}>
      <chakra.dt>{label}</chakra.dt>
      <chakra.dd m="0">{dutchCents(cents)}</chakra.dd>
    </HStack>
  );
}

function BookingActions({ booking }: { booking: BookingDetail }) {
  const [cancelling, setCancelling] = useState(false);
  const now = useMinuteClock();
  const over = Date.parse(booking.ends_at) < now;
  const cancellable = ['pending', 'accepted', 'confirmed'].includes(booking.status) && !over;
  // The invoice (null) or the credit note being fetched.
  const [downloading, setDownloading] = useState<string | null | undefined>(undefined);
  const downloadInvoice = async (creditNote: string | null) => {
    setDownloading(creditNote);
    try {
      const problem = await downloadBookingInvoice(await loadPrivateClient(), { url: env.supabaseUrl, anonKey: env.supabaseAnonKey }, booking.id, creditNote ?? undefined);
      if (problem) toast({ title: creditNote ? 'Creditfactuur niet gedownload' : 'Factuur niet gedownload', description: problem, variant: 'destructive' });
    } finally {
      setDownloading(undefined);
    }
  };
  const downloadIcs = () => {
    const ics = bookingIcs({ ...booking, artist_name: booking.artist?.name ?? 'Optreden' }, window.location.origin);
    const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `podium-boeking-${booking.id.slice(0, 8)}.ics` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Stack gap="3">
      <HStack gap="2" flexWrap="wrap">
        {booking.status === 'accepted' && (
          <Button asChild colorPalette="brand" rounded="full">
            <Link to={`/booking/${booking.id}/checkout`}>Nu betalen</Link>
          </Button>
        )}
        {booking.status === 'completed' && !booking.reviewed && checkinState(oneCheckin(booking.checkin), now) === 'released' && (
          <Button asChild colorPalette="brand" rounded="full">
            <Link to={`/reviews/booking/${booking.id}`}>Schrijf een review</Link>
          </Button>
        )}
        {booking.artist && (
          <Button asChild variant="outline" rounded="full">
            <Link to={`/messages?artist=${booking.artist.id}`}>Stuur {booking.artist.name} een bericht</Link>
          </Button>
        )}
        {booking.invoice && (
          <Button variant="outline" rounded="full" loading={downloading === null} loadingText="Factuur ophalen…" onClick={() => void downloadInvoice(null)}>
            Factuur downloaden (pdf)
          </Button>
        )}
        {booking.credit_notes.map((note) => (
          <Button
            key={note.number}
            variant="outline"
            rounded="full"
            loading={downloading === note.number}
            loadingText="Creditfactuur ophalen…"
            aria-label={`Creditfactuur ${note.number} van ${dutchCents(-note.total_cents)} downloaden (pdf)`}
            onClick={() => void downloadInvoice(note.number)}
          >
            Creditfactuur {note.number} (pdf)
          </Button>
        ))}
        {['pending', 'accepted', 'confirmed'].includes(booking.status) && !over && (
          <Button variant="outline" rounded="full" onClick={downloadIcs}>
            Zet in je agenda
          </Button>
        )}
        {cancellable && !cancelling && (
          <Button variant="ghost" rounded="full" color="red.700" onClick={() => setCancelling(true)}>
            Boeking annuleren
          </Button>
        )}
      </HStack>
      {cancelling && <CancelPanel booking={booking} onClose={() => setCancelling(false)} />}
    </Stack>
  );
}

function CancelPanel({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const quote = useQuery(privateQueryOptions(cancellationQuoteQuery(booking.id)));
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: async () => cancelBooking(await loadPrivateClient(), booking.id, reason),
    onSuccess: async (refusal) => {
      if (refusal) {
        toast({ title: refusal, variant: 'destructive' });
        return;
      }
      toast({ title: 'Je boeking is geannuleerd.' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: queryKeys.customerBookings });
    },
    onError: () => toast({ title: 'Annuleren lukte niet. Probeer het opnieuw.', variant: 'destructive' }),
  });
  const money = quote.data;
  return (
    <Stack role="group" aria-labelledby={`${ids}-title`} gap="3" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="xl" p="4" data-testid="cancel-panel">
      <Text id={`${ids}-title`} fontWeight="700">
        Weet je zeker dat je deze boeking wilt annuleren?
      </Text>
      {quote.isPending ? (
        <SkeletonBlock h="1.5rem" />
      ) : !money || (money.paid_cents === 0 && money.bands_spent_cents === 0) ? (
        <Text>Je hebt nog niets betaald; annuleren kost je niets.</Text>
      ) : money.paid_cents === 0 ? null : money.refund_cents >= money.paid_cents ? (
        <Text>Je krijgt het volledige bedrag van {dutchCents(money.refund_cents)} terug.</Text>
      ) : money.refund_cents > 0 ? (
        <Text>
          Volgens de annuleringsvoorwaarden krijg je {dutchCents(money.refund_cents)} ({money.refund_percent}%) van de betaalde {dutchCents(money.paid_cents)} terug.
        </Text>
      ) : (
        <Text>Omdat het optreden zo dichtbij is, krijg je volgens de annuleringsvoorwaarden niets terug van de betaalde {dutchCents(money.paid_cents)}.</Text>
      )}
      {money && money.bands_spent_cents > 0 && (
        <Text data-testid="cancel-bands">
          {money.bands_refund_cents >= money.bands_spent_cents
            ? `De ${dutchCents(money.bands_spent_cents)} aan BANDS die je gebruikte, krijg je volledig terug.`
            : money.bands_refund_cents > 0
              ? `Van de ${dutchCents(money.bands_spent_cents)} aan BANDS die je gebruikte, krijg je volgens dezelfde voorwaarden ${dutchCents(money.bands_refund_cents)} terug.`
              : `De ${dutchCents(money.bands_spent_cents)} aan BANDS die je gebruikte, krijg je volgens dezelfde voorwaarden niet terug.`}
        </Text>
      )}
      <Stack gap="1">
        <chakra.label htmlFor={`${ids}-reason`} fontWeight="600">
          Reden (de artiest ziet deze)
        </chakra.label>
        <Textarea recipe={textareaRecipe} id={`${ids}-reason`} bg="white" rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Stack>
      <HStack gap="2" flexWrap="wrap">
        <Button colorPalette="red" rounded="full" loading={cancel.isPending} disabled={quote.isPending} onClick={() => cancel.mutate()}>
          Ja, annuleer de boeking
        </Button>
        <Button variant="outline" rounded="full" bg="white" onClick={onClose}>
          Nee, houd de boeking
        </Button>
      </HStack>
    </Stack>
  );
}
