// One booking as the artist reads it (the bookings page's ?booking=<id>): what, when, where, the
// customer and their message, the status, the answer it waits for (BookingActions, which the list's
// cards use too), 'Stuur een bericht' into the portal's conversation with the customer, the
// customer's phone once the booking holds, and the artist's own document for it: the month's payout
// statement once the fee is paid out. The customer's invoice is the customer's, not shown here.
import { Box, Button, chakra, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { timeLeft } from '@podium/shared/countdown';
import { amsterdamDate, dutchCents, dutchClock, dutchDateOfMoment, dutchDateTime, dutchMonthYear, dutchShortMoment } from '@podium/shared/dutch';
import { formatDutchPhone } from '@podium/shared/phone';
import { queryKeys } from '@podium/shared/query-keys';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { downloadStatement } from '../data/payouts.ts';
import { AlertText } from '../portal/LoadState.tsx';
import {
  answerBooking,
  bookedWhat,
  bookedWhere,
  bookingContactKey,
  conversationLink,
  customerName,
  fetchBookingContact,
  openBookingConversation,
  type ArtistBooking,
  type BookingContact,
} from '../data/bookings.ts';

export function BookingView({ booking, now }: { booking: ArtistBooking; now: number }) {
  const ids = useId();
  const name = customerName(booking);
  const left = booking.status === 'pending' && booking.response_deadline ? timeLeft(booking.response_deadline, now) : null;
  const where = bookedWhere(booking);
  const sameDay = dutchDateOfMoment(booking.starts_at) === dutchDateOfMoment(booking.ends_at);
  const contact = useQuery({ queryKey: bookingContactKey(booking.id), queryFn: () => fetchBookingContact(booking.id) });
  return (
    <Stack as="article" aria-labelledby={`${ids}-title`} gap="5" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '6' }} data-testid="booking-view">
      <Stack gap="2">
        <HStack justify="space-between" gap="3">
          <BookingStatusBadge status={booking.status} size="md" />
          <Text fontWeight="800" fontSize="lg">
            {dutchCents(booking.price_cents)}
          </Text>
        </HStack>
        <Heading as="h1" id={`${ids}-title`} fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
          {booking.status === 'pending' ? `Aanvraag van ${name}` : `Boeking van ${name}`}
        </Heading>
        {booking.status === 'pending' && (
          <Text color={left ? 'brand.700' : 'red.700'} fontWeight="700" data-testid="answer-deadline">
            {left ? `Nog ${left} om te reageren` : 'De reactietermijn is verstreken.'}
          </Text>
        )}
        {booking.status === 'accepted' && booking.payment_deadline && <Text color="fg.muted">De klant betaalt uiterlijk {dutchShortMoment(booking.payment_deadline)}.</Text>}
      </Stack>

      <Stack as="dl" gap="3" data-testid="booking-facts">
        <Fact label="Wat">
          {bookedWhat(booking)}
          {booking.event_type || booking.guest_count ? (
            <Text as="span" display="block" color="fg.muted">
              {[booking.event_type, booking.guest_count ? `${booking.guest_count} gasten` : ''].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Fact>
        <Fact label="Wanneer">
          {dutchDateTime(booking.starts_at)} {sameDay ? `tot ${dutchClock(booking.ends_at)}` : `tot ${dutchDateTime(booking.ends_at)}`}
        </Fact>
        <Fact label="Waar">
          {where || (
            <Text as="span" color="fg.muted">
              De klant heeft nog geen adres opgegeven.
            </Text>
          )}
        </Fact>
        <Fact label="Klant">{name}</Fact>
        <Fact label="Telefoon">
          <Phone booking={booking} contact={contact.data} failed={contact.isError} now={now} />
        </Fact>
      </Stack>

      <Stack gap="2" as="section" aria-labelledby={`${ids}-message`}>
        <Heading as="h2" id={`${ids}-message`} fontSize="md" fontWeight="800">
          Bericht van de klant
        </Heading>
        {booking.notes.trim() ? (
          <Text bg="ink.50" rounded="lg" p="3" whiteSpace="pre-line" data-testid="customer-message">
            {booking.notes.trim()}
          </Text>
        ) : (
          <Text color="fg.muted">De klant heeft geen bericht meegestuurd.</Text>
        )}
      </Stack>

      <BookingActions booking={booking} now={now}>
        <MessageButton bookingId={booking.id} contact={contact.data} />
      </BookingActions>

      <Documents booking={booking} />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box display="grid" gridTemplateColumns={{ base: '5.5rem minmax(0, 1fr)', md: '8rem minmax(0, 1fr)' }} gap={{ base: '2', md: '4' }} alignItems="baseline">
      <Text as="dt" fontSize="sm" fontWeight="700" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" fontWeight="600">
        {children}
      </Box>
    </Box>
  );
}

/** The customer's number as a link to call, or when it will show and why not yet. */
function Phone({ booking, contact, failed, now }: { booking: ArtistBooking; contact: BookingContact | undefined; failed: boolean; now: number }) {
  if (failed) return <Text as="span">Het telefoonnummer kon niet worden geladen.</Text>;
  if (!contact) return <Box as="span" display="inline-block" w="8rem" h="1.25rem" bg="ink.100" rounded="md" aria-busy="true" />;
  if (contact.customer_phone) {
    return (
      <chakra.a href={`tel:${contact.customer_phone}`} color="brand.700" textDecoration="underline" data-testid="customer-phone">
        {formatDutchPhone(contact.customer_phone)}
      </chakra.a>
    );
  }
  const muted = (text: string) => (
    <Text as="span" color="fg.muted" fontWeight="400">
      {text}
    </Text>
  );
  const from = contact.phone_shown_from;
  const due = from !== null && Date.parse(from) <= now;
  if (booking.status === 'completed' || (booking.status === 'confirmed' && due)) return muted('De klant heeft geen telefoonnummer opgegeven. Stuur een bericht.');
  if (!from) return muted('Niet beschikbaar voor deze boeking.');
  if (booking.status === 'confirmed') return muted(`Zichtbaar vanaf ${dutchDateOfMoment(from)}: tot dan kan de klant nog kosteloos annuleren.`);
  return muted(due ? 'Zichtbaar zodra de klant betaald heeft.' : `Zichtbaar zodra de klant betaald heeft, en niet eerder dan ${dutchDateOfMoment(from)}.`);
}

/** 'Stuur een bericht': a link to the conversation, or (none yet) a button that opens one. */
function MessageButton({ bookingId, contact }: { bookingId: string; contact: BookingContact | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: () => openBookingConversation(bookingId),
    onSuccess: async (id) => {
      await queryClient.invalidateQueries({ queryKey: bookingContactKey(bookingId) });
      await navigate(conversationLink(id));
    },
  });
  if (contact?.conversation_id) {
    return (
      <Button asChild variant="outline" rounded="full" size="sm">
        <Link to={conversationLink(contact.conversation_id)}>Stuur een bericht</Link>
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" rounded="full" size="sm" disabled={!contact} loading={open.isPending} onClick={() => open.mutate()}>
        Stuur een bericht
      </Button>
      {open.error && <AlertText>{open.error.message}</AlertText>}
    </>
  );
}

/** The artist's own paper for this gig: the payout statement of the month its fee was paid out. */
function Documents({ booking }: { booking: ArtistBooking }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  if (!['confirmed', 'completed'].includes(booking.status) && !booking.payout) return null;
  const paidAt = booking.payout?.status === 'paid' ? booking.payout.paid_at : null;
  const paid = paidAt ? amsterdamDate(new Date(paidAt)) : null;
  const month = paid ? `${paid.year}-${String(paid.month).padStart(2, '0')}` : null;
  return (
    <Stack as="section" aria-label="Je documenten" gap="2" borderTopWidth="1px" pt="4" data-testid="booking-documents">
      <Heading as="h2" fontSize="md" fontWeight="800">
        Je documenten
      </Heading>
      {month && paid ? (
        <Box>
          <Button
            variant="outline"
            rounded="full"
            size="sm"
            loading={downloading}
            loadingText="Specificatie ophalen…"
            onClick={() => {
              setDownloading(true);
              void downloadStatement(month)
                .then(setProblem)
                .finally(() => setDownloading(false));
            }}
          >
            Uitbetalingsspecificatie {dutchMonthYear(paid.year, paid.month)} (pdf)
          </Button>
        </Box>
      ) : (
        <Text color="fg.muted">
          Zodra je gage voor dit optreden is uitbetaald, download je hier de uitbetalingsspecificatie (pdf) van die maand. Alle specificaties staan bij{' '}
          <Link to="/dashboard/artist/uitbetalingen">
            <Text as="span" color="brand.700" textDecoration="underline">
              Uitbetalingen
            </Text>
          </Link>
          .
        </Text>
      )}
      {problem && <AlertText>{problem}</AlertText>}
    </Stack>
  );
}

/**
 * What the booking waits for from the artist: accept or decline a request (a decline needs a
 * reason), cancel a confirmed gig still to come (with a warning and a reason). `children` sit
 * beside the buttons.
 */
export function BookingActions({ booking, now, children }: { booking: ArtistBooking; now: number; children?: ReactNode }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'decline' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const answer = useMutation({
    mutationFn: (status: 'accepted' | 'declined' | 'cancelled') => answerBooking(booking.id, status, status === 'accepted' ? undefined : reason.trim()),
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
  return (
    <Stack gap="2">
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
          {children}
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
