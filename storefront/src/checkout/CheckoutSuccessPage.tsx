// Back from Mollie (/checkout/success?booking=<id>, SPEC 2.1): follows the booking and
// its latest payment until the webhook has settled it, then says in Dutch what happened and what
// to do next: confirmed (see the booking), failed or expired (try again), cancelled (pay later).
import { Button, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { bookingDetailQuery, type BookingDetail } from '../data/bookings.ts';
import { privateQueryOptions } from '../data/private-query.ts';
import { PageMeta } from '../seo/PageMeta.tsx';

type Outcome = 'confirmed' | 'failed' | 'canceled' | 'expired' | 'waiting';

/** What the customer's payment came to, from the booking and its most recent payment. */
export function paymentOutcome(booking: Pick<BookingDetail, 'status' | 'payments'>): Outcome {
  if (booking.status === 'confirmed' || booking.status === 'completed') return 'confirmed';
  const latest = booking.payments.at(-1);
  if (latest && (latest.status === 'failed' || latest.status === 'canceled' || latest.status === 'expired')) return latest.status;
  return 'waiting';
}

const texts: Record<Exclude<Outcome, 'waiting'>, { title: string; text: string }> = {
  confirmed: { title: 'Betaald! Je boeking is bevestigd', text: 'We hebben je betaling ontvangen. Je krijgt een bevestiging per e-mail, en de artiest weet dat het doorgaat.' },
  failed: { title: 'De betaling is mislukt', text: 'Er is niets afgeschreven. Probeer het opnieuw, eventueel met een andere betaalmethode.' },
  canceled: { title: 'Je hebt de betaling geannuleerd', text: 'Er is niets afgeschreven. Je kunt betalen tot de betaaltermijn verloopt.' },
  expired: { title: 'De betaling is verlopen', text: 'De betaalpagina is niet op tijd afgerond; er is niets afgeschreven. Probeer het opnieuw.' },
};

export default function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const bookingId = params.get('booking') ?? '';
  const detail = useQuery({
    ...privateQueryOptions(bookingDetailQuery(bookingId)),
    // Until Mollie's webhook has settled the payment, look again every second and a half.
    refetchInterval: (query) => (query.state.data && paymentOutcome(query.state.data) === 'waiting' ? 1500 : false),
  });
  const booking = detail.data;
  const outcome = booking ? paymentOutcome(booking) : null;
  return (
    <>
      <PageMeta title="Betaling" description="De uitkomst van je betaling op Podium." path="/checkout/success" noindex />
      <Container maxW="2xl" px={{ base: '4', md: '6' }} pt={{ base: '6', md: '10' }} pb={{ base: '10', md: '16' }}>
        {detail.isPending ? (
          <SkeletonBlock h="14rem" />
        ) : detail.isError ? (
          <LoadError subject="Je betaling" plural={false} onRetry={() => void detail.refetch()} />
        ) : !booking ? (
          <Stack gap="4" bg="white" borderWidth="1px" rounded="2xl" p="8" role="status">
            <Heading as="h1" fontSize="2xl">
              Deze boeking kunnen we niet vinden
            </Heading>
            <Button asChild variant="outline" rounded="full" alignSelf="flex-start">
              <Link to="/bookings">Naar mijn boekingen</Link>
            </Button>
          </Stack>
        ) : outcome === 'waiting' ? (
          <Stack gap="4" bg="white" borderWidth="1px" rounded="2xl" p="8" role="status" aria-live="polite" align="flex-start">
            <HStack gap="3">
              <Spinner color="brand.600" />
              <Heading as="h1" fontSize="2xl">
                We wachten op de bevestiging van je betaling
              </Heading>
            </HStack>
            <Text color="fg.muted">Dit duurt meestal een paar seconden. Je kunt deze pagina open laten.</Text>
          </Stack>
        ) : (
          <Stack gap="4" bg="white" borderWidth="1px" borderColor={outcome === 'confirmed' ? 'green.300' : 'red.200'} rounded="2xl" p="8" role="status" aria-live="polite" align="flex-start">
            <Heading as="h1" fontSize="2xl">
              {texts[outcome!].title}
            </Heading>
            <Text>{texts[outcome!].text}</Text>
            <HStack gap="2" flexWrap="wrap">
              {outcome === 'confirmed' ? (
                <Button asChild colorPalette="brand" rounded="full">
                  <Link to={`/bookings?booking=${booking.id}`}>Bekijk je boeking</Link>
                </Button>
              ) : (
                booking.status === 'accepted' && (
                  <Button asChild colorPalette="brand" rounded="full">
                    <Link to={`/booking/${booking.id}/checkout`}>Opnieuw betalen</Link>
                  </Button>
                )
              )}
              <Button asChild variant="outline" rounded="full">
                <Link to="/bookings">Naar mijn boekingen</Link>
              </Button>
            </HStack>
          </Stack>
        )}
      </Container>
    </>
  );
}
