// /test-booking-flow, for people working on the booking flow (development builds only): one
// booking, every status, a button per step and who takes it, the timeline as the database wrote
// it. Signed in as the seeded demo accounts (booking-driver.ts); the page's own login is untouched.
import { dutchCents } from '@podium/shared/dutch';
import { Box, Button, Code, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { bookingStatusLabel } from '@podium/shared/booking-status';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { env } from '../env.ts';
import { createBookingDriver, demoAccounts, type Actor, type BookingState, type PaymentOutcome } from './booking-driver.ts';

const actorLabels: Record<Actor | 'system', string> = { customer: 'klant', artist: 'artiest', admin: 'admin', system: 'systeem' };
const outcomes: [PaymentOutcome, string][] = [
  ['paid', 'Betaald'],
  ['failed', 'Mislukt'],
  ['canceled', 'Geannuleerd'],
  ['expired', 'Verlopen'],
];
const moment = (iso: string) => new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

export default function TestBookingFlowPage() {
  const driver = useMemo(
    () =>
      createBookingDriver({
        url: env.supabaseUrl,
        anonKey: env.supabaseAnonKey,
        accounts: demoAccounts,
      }),
    [],
  );
  const [booking, setBooking] = useState<BookingState | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const step = async (work: () => Promise<string | void>, settled?: (state: BookingState) => boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      const id = (await work()) || booking?.id;
      if (!id) return;
      let state = await driver.state(id);
      // A payment is settled by Mollie's webhook a moment later: follow it for a few seconds.
      for (let tries = 0; settled && !settled(state) && tries < 30; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        state = await driver.state(id);
      }
      setBooking(state);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const status = booking?.status ?? null;
  const id = booking?.id ?? '';

  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1">Test booking flow</Heading>
          <Text color="fg.muted">
            Eén boeking door alle statussen, als de demo-klant, de demo-artiest en de demo-admin. Elke stap gaat door de echte database, edge functions en de Mollie-sandbox.
          </Text>
        </Stack>

        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" loading={busy && !booking} onClick={() => void step(async () => driver.request((await driver.artist()).id))}>
            {booking ? 'Nieuwe aanvraag (klant)' : 'Aanvraag doen (klant)'}
          </Button>
          {booking && (
            <Button asChild variant="outline">
              <Link to={`/bookings?booking=${booking.id}`}>Open in Mijn boekingen</Link>
            </Button>
          )}
        </HStack>

        {message && (
          <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" color="red.800" rounded="lg" p="3">
            {message}
          </Box>
        )}

        {booking && (
          <Stack gap="5" bg="white" borderWidth="1px" rounded="2xl" p="6" aria-busy={busy}>
            <HStack gap="3" flexWrap="wrap">
              <Text fontWeight="700">Boeking</Text>
              <Code>{booking.id}</Code>
              <BookingStatusBadge status={booking.status} />
              <Text color="fg.muted">
                {moment(booking.starts_at)} · {dutchCents(booking.total_cents)}
              </Text>
            </HStack>

            <Stack gap="3">
              <Text fontWeight="600">Volgende stap</Text>
              <HStack gap="2" flexWrap="wrap">
                {status === 'pending' && (
                  <>
                    <Button disabled={busy} colorPalette="brand" onClick={() => void step(() => driver.accept(id))}>
                      Accepteren (artiest)
                    </Button>
                    <Button disabled={busy} variant="outline" onClick={() => void step(() => driver.decline(id, 'Test: afgewezen op /test-booking-flow'))}>
                      Afwijzen (artiest)
                    </Button>
                    <Button disabled={busy} variant="outline" onClick={() => void step(() => driver.cancel('customer', id, 'Test: ingetrokken door de klant'))}>
                      Intrekken (klant)
                    </Button>
                  </>
                )}
                {status === 'accepted' &&
                  outcomes.map(([outcome, label]) => (
                    <Button
                      key={outcome}
                      disabled={busy}
                      variant={outcome === 'paid' ? 'solid' : 'outline'}
                      colorPalette={outcome === 'paid' ? 'brand' : undefined}
                      onClick={() =>
                        void step(
                          () => driver.pay(id, outcome).then(() => undefined),
                          (state) => state.payments.filter((payment) => payment.status === outcome).length > booking.payments.filter((payment) => payment.status === outcome).length,
                        )
                      }
                    >
                      Betalen met iDEAL: {label} (klant)
                    </Button>
                  ))}
                {status === 'accepted' && (
                  <Button disabled={busy} variant="outline" onClick={() => void step(() => driver.cancel('artist', id, 'Test: geannuleerd door de artiest'))}>
                    Annuleren (artiest)
                  </Button>
                )}
                {status === 'confirmed' && (
                  <>
                    <Button disabled={busy} colorPalette="brand" onClick={() => void step(() => driver.complete(id))}>
                      Afronden (admin)
                    </Button>
                    <Button disabled={busy} variant="outline" onClick={() => void step(() => driver.cancel('customer', id, 'Test: geannuleerd door de klant'))}>
                      Annuleren (klant, volgens de voorwaarden)
                    </Button>
                    <Button disabled={busy} variant="outline" onClick={() => void step(() => driver.cancel('admin', id, 'Test: geannuleerd door support'))}>
                      Annuleren met volledige terugbetaling (admin)
                    </Button>
                  </>
                )}
                {status && !['pending', 'accepted', 'confirmed'].includes(status) && <Text color="fg.muted">Eindstatus bereikt. Doe een nieuwe aanvraag om opnieuw te beginnen.</Text>}
              </HStack>
            </Stack>

            <Stack gap="2">
              <Text fontWeight="600">Tijdlijn</Text>
              <Stack as="ol" gap="1" pl="5" m="0">
                {booking.events.map((event) => (
                  <Box as="li" key={`${event.created_at}-${event.to_status}`}>
                    {moment(event.created_at)}: {bookingStatusLabel(event.to_status)} door {actorLabels[event.actor as Actor] ?? event.actor}
                    {event.reason ? ` (${event.reason})` : ''}
                  </Box>
                ))}
              </Stack>
            </Stack>
            {booking.payments.length > 0 && (
              <Stack gap="2">
                <Text fontWeight="600">Betalingen</Text>
                <Stack as="ul" gap="1" pl="5" m="0">
                  {booking.payments.map((payment, index) => (
                    <Box as="li" key={index}>
                      {dutchCents(payment.amount_cents)} · {payment.method ?? 'nog geen methode'} · {payment.status}
                    </Box>
                  ))}
                </Stack>
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
