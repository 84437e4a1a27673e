// Paying an accepted booking (/booking/{bookingId}/checkout, SPEC 2.1): the summary,
// BANDS to spend (apply_bands_to_booking; what is left to pay follows), the terms, the method
// (iDEAL, Bancontact, creditcard), then Mollie's hosted checkout through create-payment, which
// comes back on /checkout/success. A booking that is not the customer's, not accepted, or past its
// payment deadline gets a clear message and never a payment.
import { dutchCents, dutchDateTime } from '@podium/shared/dutch';
import { Box, Button, chakra, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMinuteClock } from '@podium/shared/countdown';
import { queryKeys } from '@podium/shared/query-keys';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { applyBands, checkoutBandsQuery, bookingDetailQuery, startPayment, type BookingDetail, type PaymentMethod } from '../data/bookings.ts';
import { loadPrivateClient, privateQueryOptions } from '../data/private-query.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { bandsToOffer } from './checkout-total.ts';

const methods: { id: PaymentMethod; label: string; hint: string }[] = [
  { id: 'ideal', label: 'iDEAL', hint: 'Betaal direct via je eigen bank' },
  { id: 'bancontact', label: 'Bancontact', hint: 'Voor Belgische bankkaarten' },
  { id: 'creditcard', label: 'Creditcard', hint: 'Visa, Mastercard of American Express' },
];

export default function CheckoutPage() {
  const { bookingId = '' } = useParams();
  const detail = useQuery(privateQueryOptions(bookingDetailQuery(bookingId)));
  const now = useMinuteClock();
  return (
    <>
      <PageMeta title="Afrekenen" description="Betaal je boeking op Podium." path={`/booking/${bookingId}/checkout`} noindex />
      <Container maxW="2xl" px={{ base: '4', md: '6' }} pt={{ base: '6', md: '10' }} pb={{ base: '10', md: '16' }}>
        {detail.isPending ? (
          <SkeletonBlock h="28rem" />
        ) : detail.isError ? (
          <LoadError subject="De boeking" plural={false} onRetry={() => void detail.refetch()} />
        ) : !detail.data ? (
          <Notice title="Deze boeking kunnen we niet vinden" text="De link klopt niet, of de boeking staat op een ander account." />
        ) : detail.data.status !== 'accepted' ? (
          <NotPayable booking={detail.data} />
        ) : detail.data.payment_deadline && Date.parse(detail.data.payment_deadline) <= now ? (
          <Notice title="De betaaltermijn is verlopen" text="Deze boeking kan niet meer worden betaald. Vraag de artiest opnieuw aan als de datum nog vrij is." />
        ) : (
          <CheckoutForm booking={detail.data} />
        )}
      </Container>
    </>
  );
}

function Notice({ title, text, bookingId }: { title: string; text: string; bookingId?: string }) {
  return (
    <Stack gap="4" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }} role="status">
      <Heading as="h1" fontSize="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
      <Button asChild variant="outline" rounded="full" alignSelf="flex-start">
        <Link to={bookingId ? `/bookings?booking=${bookingId}` : '/bookings'}>Naar mijn boekingen</Link>
      </Button>
    </Stack>
  );
}

function NotPayable({ booking }: { booking: BookingDetail }) {
  switch (booking.status) {
    case 'pending':
      return <Notice title="Nog even wachten" text="De artiest moet je aanvraag eerst accepteren. Daarna kun je hier betalen." bookingId={booking.id} />;
    case 'confirmed':
    case 'completed':
      return <Notice title="Deze boeking is al betaald" text="Je betaling is binnen en de boeking is bevestigd." bookingId={booking.id} />;
    case 'expired':
      return <Notice title="De betaaltermijn is verlopen" text="Deze boeking is niet op tijd betaald en kan niet meer worden betaald." bookingId={booking.id} />;
    default:
      return <Notice title="Deze boeking kan niet worden betaald" text="De boeking is afgewezen of geannuleerd." bookingId={booking.id} />;
  }
}

function Row({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <HStack justify="space-between" gap="4" fontWeight={strong ? '800' : undefined} fontSize={strong ? 'lg' : undefined}>
      <chakra.dt>{label}</chakra.dt>
      <chakra.dd m="0">{dutchCents(cents)}</chakra.dd>
    </HStack>
  );
}

function CheckoutForm({ booking }: { booking: BookingDetail }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const spendable = useQuery(privateQueryOptions(checkoutBandsQuery(booking.id)));
  const { balanceCents = 0, welcomeCreditCents = 0 } = spendable.data ?? {};
  const [method, setMethod] = useState<PaymentMethod>('ideal');
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const offer = bandsToOffer(balanceCents + welcomeCreditCents, booking);
  const bands = useMutation({
    mutationFn: async () => applyBands(await loadPrivateClient(), booking.id, offer),
    onSuccess: async (refusal) => {
      setProblem(refusal);
      await queryClient.invalidateQueries({ queryKey: queryKeys.customerBookings });
      await queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
    onError: () => setProblem('Je BANDS konden niet worden gebruikt. Probeer het opnieuw.'),
  });
  const pay = useMutation({
    mutationFn: async () => startPayment(await loadPrivateClient(), booking.id, method),
    onSuccess: (result) => {
      if ('checkoutUrl' in result) window.location.assign(result.checkoutUrl);
      else setProblem(result.error);
    },
    onError: () => setProblem('De betaling kon niet worden gestart. Probeer het opnieuw.'),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!terms) {
      setProblem('Ga akkoord met de voorwaarden om te betalen.');
      document.getElementById(`${ids}-terms`)?.focus();
      return;
    }
    setProblem(null);
    pay.mutate();
  };

  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="6" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }}>
        <Stack gap="1">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
            Afrekenen
          </Heading>
          <Text fontWeight="700">{booking.artist?.name}</Text>
          <Text color="fg.muted">{[dutchDateTime(booking.starts_at), booking.event_location].filter(Boolean).join(' · ')}</Text>
        </Stack>

        <Stack as="dl" gap="1" data-testid="checkout-summary">
          <Row label={booking.package?.name ? `Pakket ${booking.package.name}` : 'Optreden'} cents={booking.price_cents} />
          <Row label="Servicekosten" cents={booking.platform_fee_cents} />
          {booking.bands_applied_cents > 0 && <Row label="BANDS" cents={-booking.bands_applied_cents} />}
          <Row label="Te betalen" cents={booking.total_cents} strong />
        </Stack>

        {booking.bands_applied_cents === 0 && offer > 0 && (
          <Stack gap="2" bg="brand.50" rounded="xl" p="4">
            <Text>
              {welcomeCreditCents > 0
                ? `Je bent uitgenodigd: je krijgt ${dutchCents(welcomeCreditCents)} welkomstkorting${balanceCents > 0 ? ` en je hebt ${dutchCents(balanceCents)} aan BANDS` : ''}.`
                : `Je hebt ${dutchCents(balanceCents)} aan BANDS.`}{' '}
              Gebruik er {dutchCents(offer)} van voor deze boeking; dan betaal je nog {dutchCents(booking.total_cents - offer)}.
            </Text>
            <Button alignSelf="flex-start" size="sm" rounded="full" variant="outline" bg="white" loading={bands.isPending} onClick={() => bands.mutate()}>
              Gebruik {dutchCents(offer)} BANDS
            </Button>
          </Stack>
        )}

        <Stack as="fieldset" gap="2" border="0" p="0" m="0" role="radiogroup" aria-labelledby={`${ids}-method`}>
          <Text as="legend" id={`${ids}-method`} fontWeight="700" mb="2">
            Betaalmethode
          </Text>
          {methods.map((option) => (
            <chakra.label
              key={option.id}
              display="flex"
              alignItems="center"
              gap="3"
              borderWidth="1px"
              borderColor={method === option.id ? 'brand.500' : 'border'}
              bg={method === option.id ? 'brand.50' : 'white'}
              rounded="xl"
              px="4"
              py="3"
              cursor="pointer"
            >
              <chakra.input
                type="radio"
                name="method"
                value={option.id}
                checked={method === option.id}
                onChange={() => setMethod(option.id)}
                accentColor="var(--chakra-colors-brand-600)"
                w="4"
                h="4"
              />
              <Box>
                <Text fontWeight="700">{option.label}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {option.hint}
                </Text>
              </Box>
            </chakra.label>
          ))}
        </Stack>

        <chakra.label display="flex" gap="3" alignItems="flex-start" cursor="pointer">
          <chakra.input id={`${ids}-terms`} type="checkbox" checked={terms} onChange={(event) => setTerms(event.target.checked)} mt="1" w="4" h="4" accentColor="var(--chakra-colors-brand-600)" />
          <Text>
            Ik ga akkoord met de{' '}
            <chakra.a asChild color="brand.700" textDecoration="underline">
              <Link to="/terms" target="_blank">
                algemene voorwaarden en annuleringsvoorwaarden
              </Link>
            </chakra.a>
            .
          </Text>
        </chakra.label>

        {problem && (
          <Box role="alert" bg="red.50" color="red.800" borderWidth="1px" borderColor="red.200" rounded="lg" p="3">
            {problem}
          </Box>
        )}

        <Button type="submit" colorPalette="brand" size="lg" rounded="full" loading={pay.isPending} loadingText="Naar de betaalpagina">
          Betaal {dutchCents(booking.total_cents)}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Je betaalt veilig via Mollie. Daarna is de boeking definitief.
        </Text>
      </Stack>
    </chakra.form>
  );
}
