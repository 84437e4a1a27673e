// The artist's bookings (/dashboard/artist/boekingen; the rest of the portal builds around it):
// incoming requests with the time left to answer, accept, or decline with a reason; gigs waiting
// for payment, confirmed, past and cancelled, in tabs with counts. A confirmed gig may be cancelled
// only with a reason, after a warning that the customer gets everything back. New requests and
// payments arrive live (the realtime manager refreshes the list) and raise a notice. Loaded on
// first use with Chakra and the shared theme, so a guest's first page stays small. Part of the
// dashboard (dashboard/DashboardScreen.tsx), which links /dashboard/artist?booking= here.
import { dutchCents, dutchDateTime, dutchShortMoment } from '@podium/shared/dutch';
import { Box, Button, chakra, Container, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { timeLeft, useMinuteClock } from '@podium/shared/countdown';
import { queryKeys } from '@podium/shared/query-keys';
import { downloadBookingInvoice } from '@podium/shared/invoice-download';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { env } from '../env.ts';
import { supabase } from '../supabase.ts';
import { answerBooking, artistBookingsKey, artistTabLabels, artistTabOf, artistTabs, bookingNews, customerName, fetchArtistBookings, type ArtistBooking, type ArtistTab } from './artist-bookings.ts';
import { LoadError } from '@podium/shared/ui/LoadState';
import { AlertText, Loading } from '../portal/LoadState.tsx';

/** /dashboard/artist/boekingen. */
export function BookingsPage() {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const now = useMinuteClock();
  const bookings = useQuery({ queryKey: artistBookingsKey, queryFn: () => fetchArtistBookings(supabase) });
  const [notices, setNotices] = useState<{ id: string; text: string }[]>([]);
  const previous = useRef<ArtistBooking[] | undefined>(undefined);
  useEffect(() => {
    if (!bookings.data) return;
    const news = bookingNews(previous.current, bookings.data);
    previous.current = bookings.data;
    const texts = [
      ...news.requests.map((booking) => ({ id: `request-${booking.id}`, text: `Nieuwe aanvraag van ${customerName(booking)} voor ${dutchShortMoment(booking.starts_at)}` })),
      ...news.paid.map((booking) => ({ id: `paid-${booking.id}`, text: `${customerName(booking)} heeft betaald: ${dutchShortMoment(booking.starts_at)} is bevestigd` })),
    ];
    if (texts.length === 0) return;
    // A notice from the outside world (the realtime refresh), shown as it arrives.
    setNotices((current) => [...texts, ...current].slice(0, 3));
  }, [bookings.data]);

  const list = bookings.data ?? [];
  const counts = Object.fromEntries(artistTabs.map((tab) => [tab, list.filter((booking) => artistTabOf(booking, now) === tab).length])) as Record<ArtistTab, number>;
  const asked = params.get('tab');
  const opened = params.get('booking');
  const openedTab = opened ? list.find((booking) => booking.id === opened) : undefined;
  const tab: ArtistTab =
    asked && (artistTabs as readonly string[]).includes(asked)
      ? (asked as ArtistTab)
      : openedTab
        ? artistTabOf(openedTab, now)
        : counts.aanvragen > 0 || counts.bevestigd === 0
          ? 'aanvragen'
          : 'bevestigd';
  const shown = list.filter((booking) => artistTabOf(booking, now) === tab);
  const select = (next: ArtistTab) => setParams({ tab: next }, { preventScrollReset: true });

  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800">
          Boekingen
        </Heading>
        <Stack role="status" aria-live="polite" gap="2" data-testid="booking-notices">
          {notices.map((notice) => (
            <HStack key={notice.id} justify="space-between" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="xl" px="4" py="2">
              <Text fontWeight="600">{notice.text}</Text>
              <Button size="xs" variant="ghost" aria-label="Melding sluiten" onClick={() => setNotices((current) => current.filter((item) => item.id !== notice.id))}>
                ✕
              </Button>
            </HStack>
          ))}
        </Stack>
        <HStack role="tablist" aria-label="Boekingen" gap="2" overflowX="auto" pb="1">
          {artistTabs.map((name) => (
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
            >
              {artistTabLabels[name]} ({counts[name]})
            </Button>
          ))}
        </HStack>
        <Stack id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-${tab}`} gap="3">
          {bookings.isPending ? (
            <Loading height="8rem" />
          ) : bookings.isError ? (
            <LoadError subject="Je boekingen" plural={true} onRetry={() => void bookings.refetch()} />
          ) : shown.length === 0 ? (
            <Box bg="white" borderWidth="1px" rounded="2xl" p="5">
              {tab === 'aanvragen' ? 'Geen openstaande aanvragen. Nieuwe aanvragen verschijnen hier meteen.' : 'Hier staat nog niets.'}
            </Box>
          ) : (
            shown.map((booking) => <ArtistBookingCard key={booking.id} booking={booking} now={now} highlighted={booking.id === opened} />)
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

function ArtistBookingCard({ booking, now, highlighted }: { booking: ArtistBooking; now: number; highlighted: boolean }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'decline' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const ids = useId();
  const answer = useMutation({
    mutationFn: (status: 'accepted' | 'declined' | 'cancelled') => answerBooking(supabase, booking.id, status, status === 'accepted' ? undefined : reason.trim()),
    onSuccess: async (refusal) => {
      setProblem(refusal);
      if (!refusal) setMode(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.artistBookings });
    },
    onError: () => setProblem('Dat lukte niet. Probeer het opnieuw.'),
  });
  const confirmWithReason = (status: 'declined' | 'cancelled') => {
    if (!reason.trim()) {
      setProblem(status === 'declined' ? 'Geef de klant een reden waarom je de aanvraag afwijst.' : 'Geef de klant een reden voor de annulering.');
      document.getElementById(`${ids}-reason`)?.focus();
      return;
    }
    setProblem(null);
    answer.mutate(status);
  };
  const left = booking.status === 'pending' && booking.response_deadline ? timeLeft(booking.response_deadline, now) : null;
  const name = customerName(booking);
  return (
    <Stack
      as="article"
      aria-label={`${name}, ${dutchDateTime(booking.starts_at)}`}
      gap="3"
      bg="white"
      borderWidth={highlighted ? '2px' : '1px'}
      borderColor={highlighted ? 'brand.400' : 'border'}
      rounded="2xl"
      p={{ base: '4', md: '5' }}
      data-testid="artist-booking"
    >
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="0.5">
          <Heading as="h2" fontSize="lg" fontWeight="700">
            {name}
          </Heading>
          <Text color="fg.muted">{dutchDateTime(booking.starts_at)}</Text>
          <Text color="fg.muted">
            {[booking.event_type, booking.event_location, booking.guest_count ? `${booking.guest_count} gasten` : '', booking.package?.name ?? '', booking.artist?.name ?? '']
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Stack align="flex-end" gap="1">
          <BookingStatusBadge status={booking.status} size="md" />
          <Text fontWeight="700">{dutchCents(booking.price_cents)}</Text>
        </Stack>
      </HStack>
      {booking.notes.trim() && (
        <Text bg="ink.50" rounded="lg" p="3" whiteSpace="pre-line">
          “{booking.notes.trim()}”
        </Text>
      )}
      {booking.status === 'pending' && (
        <Text color={left ? 'brand.700' : 'red.700'} fontWeight="600" data-testid="answer-deadline">
          {left ? `Nog ${left} om te reageren` : 'De reactietermijn is verstreken.'}
        </Text>
      )}
      {booking.status === 'accepted' && booking.payment_deadline && <Text color="fg.muted">De klant betaalt uiterlijk {dutchShortMoment(booking.payment_deadline)}.</Text>}

      {mode ? (
        <Stack gap="2" bg={mode === 'cancel' ? 'red.50' : 'ink.50'} borderWidth="1px" borderColor={mode === 'cancel' ? 'red.200' : 'border'} rounded="xl" p="3">
          {mode === 'cancel' && (
            <Text fontWeight="600" color="red.800">
              Let op: bij een annulering door jou krijgt de klant het volledige bedrag terug, en de datum komt weer vrij.
            </Text>
          )}
          <chakra.label htmlFor={`${ids}-reason`} fontWeight="600">
            {mode === 'decline' ? 'Waarom wijs je de aanvraag af? (de klant ziet dit)' : 'Reden van de annulering (de klant ziet dit)'}
          </chakra.label>
          <Textarea recipe={textareaRecipe} id={`${ids}-reason`} bg="white" rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          <HStack gap="2" flexWrap="wrap">
            <Button colorPalette="red" rounded="full" size="sm" loading={answer.isPending} onClick={() => confirmWithReason(mode === 'decline' ? 'declined' : 'cancelled')}>
              {mode === 'decline' ? 'Aanvraag afwijzen' : 'Optreden annuleren'}
            </Button>
            <Button variant="outline" rounded="full" size="sm" bg="white" onClick={() => setMode(null)}>
              Terug
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack gap="2" flexWrap="wrap">
          {booking.status === 'pending' && (
            <>
              <Button colorPalette="brand" rounded="full" size="sm" loading={answer.isPending} onClick={() => answer.mutate('accepted')}>
                Accepteren
              </Button>
              <Button variant="outline" rounded="full" size="sm" onClick={() => setMode('decline')}>
                Afwijzen
              </Button>
            </>
          )}
          {booking.invoice && (
            <Button
              variant="outline"
              rounded="full"
              size="sm"
              loading={downloading}
              loadingText="Factuur ophalen…"
              onClick={() => {
                setDownloading(true);
                void downloadBookingInvoice(supabase, { url: env.supabaseUrl, anonKey: env.supabaseAnonKey }, booking.id)
                  .then(setProblem)
                  .finally(() => setDownloading(false));
              }}
            >
              Factuur {booking.invoice.number} (pdf)
            </Button>
          )}
          {booking.status === 'confirmed' && Date.parse(booking.starts_at) > now && (
            <Button variant="ghost" color="red.700" rounded="full" size="sm" onClick={() => setMode('cancel')}>
              Optreden annuleren
            </Button>
          )}
        </HStack>
      )}
      {problem && <AlertText>{problem}</AlertText>}
    </Stack>
  );
}
