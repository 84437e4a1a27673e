// The artist's bookings (/dashboard/artist/boekingen): incoming requests with the time left to
// answer, accept, or decline with a reason; gigs waiting for payment, confirmed, past and cancelled,
// in tabs with counts. ?booking=<id> (mails, the overview, the agenda's gig days) is that booking's
// own view (BookingView.tsx) at the top of the page, on a phone too. New requests and payments
// arrive live (the realtime manager refreshes the list) and raise a notice. Part of the dashboard
// (app/routes.tsx), which sends /dashboard/artist?booking= here.
import { dutchDateTime, dutchShortMoment } from '@podium/shared/dutch';
import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { timeLeft, useMinuteClock } from '@podium/shared/countdown';
import { dutchCents } from '@podium/shared/dutch';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  artistBookingsKey,
  artistTabLabels,
  artistTabOf,
  artistTabs,
  bookedWhat,
  bookedWhere,
  bookingLink,
  bookingNews,
  customerName,
  fetchArtistBookings,
  type ArtistBooking,
  type ArtistTab,
} from '../data/bookings.ts';
import { BookingActions, BookingView } from './BookingView.tsx';
import { LoadError } from '@podium/shared/ui/LoadState';
import { Loading } from '../portal/LoadState.tsx';

/** /dashboard/artist/boekingen, and one booking's view at ?booking=. */
export function BookingsPage() {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const now = useMinuteClock();
  const bookings = useQuery({ queryKey: artistBookingsKey, queryFn: () => fetchArtistBookings() });
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
  const opened = params.get('booking');
  const openedBooking = opened ? list.find((booking) => booking.id === opened) : undefined;
  // A booking opened from a link starts at the top of the page, not where the list was scrolled to.
  useLayoutEffect(() => {
    if (opened) window.scrollTo({ top: 0 });
  }, [opened]);
  useEffect(() => {
    document.title = `${openedBooking ? `Boeking van ${customerName(openedBooking)}` : 'Boekingen'} · Podium Artiestenportaal`;
  }, [openedBooking]);

  const counts = Object.fromEntries(artistTabs.map((tab) => [tab, list.filter((booking) => artistTabOf(booking, now) === tab).length])) as Record<ArtistTab, number>;
  const asked = params.get('tab');
  const tab: ArtistTab = asked && (artistTabs as readonly string[]).includes(asked) ? (asked as ArtistTab) : counts.aanvragen > 0 || counts.bevestigd === 0 ? 'aanvragen' : 'bevestigd';
  const shown = list.filter((booking) => artistTabOf(booking, now) === tab);
  const select = (next: ArtistTab) => setParams({ tab: next }, { preventScrollReset: true });

  const noticeList = (
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
  );

  if (opened) {
    return (
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '10' }}>
        <Stack gap="4">
          <Box>
            <Button asChild variant="ghost" size="sm" rounded="full" ms="-3">
              <Link to={`/dashboard/artist/boekingen?tab=${openedBooking ? artistTabOf(openedBooking, now) : tab}`}>← Alle boekingen</Link>
            </Button>
          </Box>
          {noticeList}
          {bookings.isPending ? (
            <Loading height="20rem" />
          ) : bookings.isError ? (
            <LoadError subject="De boeking" plural={false} onRetry={() => void bookings.refetch()} />
          ) : openedBooking ? (
            <BookingView key={openedBooking.id} booking={openedBooking} now={now} />
          ) : (
            <Box bg="white" borderWidth="1px" rounded="2xl" p="5" role="alert">
              Deze boeking bestaat niet of is niet van jou.
            </Box>
          )}
        </Stack>
      </Container>
    );
  }

  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800">
          Boekingen
        </Heading>
        {noticeList}
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
            shown.map((booking) => <ArtistBookingCard key={booking.id} booking={booking} now={now} />)
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

/** One booking in the list: who, when, what and where, its message, the answer it waits for, and a way to its own view. */
function ArtistBookingCard({ booking, now }: { booking: ArtistBooking; now: number }) {
  const left = booking.status === 'pending' && booking.response_deadline ? timeLeft(booking.response_deadline, now) : null;
  const name = customerName(booking);
  const where = bookedWhere(booking);
  return (
    <Stack as="article" aria-label={`${name}, ${dutchDateTime(booking.starts_at)}`} gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} data-testid="artist-booking">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="0.5" minW="0">
          <Heading as="h2" fontSize="lg" fontWeight="700">
            <Link to={bookingLink(booking.id)}>{name}</Link>
          </Heading>
          <Text color="fg.muted">{dutchDateTime(booking.starts_at)}</Text>
          <Text color="fg.muted">{[booking.event_type, where, booking.guest_count ? `${booking.guest_count} gasten` : '', bookedWhat(booking)].filter(Boolean).join(' · ')}</Text>
        </Stack>
        <Stack align={{ base: 'flex-start', sm: 'flex-end' }} gap="1">
          <BookingStatusBadge status={booking.status} size="md" />
          <Text fontWeight="700">{dutchCents(booking.price_cents)}</Text>
        </Stack>
      </HStack>
      {booking.notes.trim() && (
        <Text bg="ink.50" rounded="lg" p="3" whiteSpace="pre-line" lineClamp={4}>
          “{booking.notes.trim()}”
        </Text>
      )}
      {booking.status === 'pending' && (
        <Text color={left ? 'brand.700' : 'red.700'} fontWeight="600" data-testid="answer-deadline">
          {left ? `Nog ${left} om te reageren` : 'De reactietermijn is verstreken.'}
        </Text>
      )}
      {booking.status === 'accepted' && booking.payment_deadline && <Text color="fg.muted">De klant betaalt uiterlijk {dutchShortMoment(booking.payment_deadline)}.</Text>}
      <BookingActions booking={booking} now={now}>
        <Button asChild variant="outline" rounded="full" size="sm">
          <Link to={bookingLink(booking.id)} aria-label={`Boeking van ${name} bekijken`}>
            Bekijk boeking
          </Link>
        </Button>
      </BookingActions>
    </Stack>
  );
}
