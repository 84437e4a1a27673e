// The dashboard's overview (/dashboard/artist): requests waiting for an answer with the time left,
// upcoming gigs, earnings, how complete the listing is and what is missing, the rating and the
// latest reviews. One database call (artist_dashboard_overview); its key sits under the artist's
// bookings, so a request or payment arriving live refreshes it (SPEC 4.6). Each request and gig
// opens that booking's own view.
import { Box, Button, Container, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { timeLeft, useMinuteClock } from '@podium/shared/countdown';
import { dutchCents, dutchDateTime, dutchDecimal, dutchShortMoment } from '@podium/shared/dutch';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { bookingLink } from '../data/bookings.ts';
import { fetchOverview, overviewKey } from '../data/overview.ts';
import { LoadError } from '@podium/shared/ui/LoadState';
import { Loading } from '../portal/LoadState.tsx';

export function OverviewPage() {
  const overview = useQuery({ queryKey: overviewKey, queryFn: fetchOverview });
  const now = useMinuteClock();
  useEffect(() => {
    document.title = 'Overzicht · Podium Artiestenportaal';
  }, []);
  if (overview.isPending || overview.isError) {
    return (
      <Container maxW="5xl" py="10">
        {overview.isPending ? <Loading height="16rem" /> : <LoadError subject="Je overzicht" plural={false} onRetry={() => void overview.refetch()} />}
      </Container>
    );
  }
  const { act, waiting, waiting_count, upcoming, upcoming_count, earnings, paid_out_cents, completeness, reviews } = overview.data;
  const done = completeness.filter((item) => item.done).length;
  const percent = Math.round((done / completeness.length) * 100);
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800">
            {act.name}
          </Heading>
          <Button asChild variant="outline" rounded="full" size="sm">
            <a href={`/artists/${act.slug}`}>Bekijk je pagina</a>
          </Button>
        </HStack>

        <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="3" data-testid="overview-figures">
          <Figure label="Wachten op je antwoord" value={String(waiting_count)} tone={waiting_count > 0 ? 'brand' : undefined} />
          <Figure label="Komende optredens" value={String(upcoming_count)} />
          <Figure label="Deze maand" value={dutchCents(earnings.month_cents)} />
          <Figure label="Dit jaar" value={dutchCents(earnings.year_cents)} />
        </Grid>

        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4" alignItems="start">
          <Panel title="Wachten op je antwoord" testId="overview-waiting">
            {waiting.length === 0 ? (
              <Text color="fg.muted">Geen openstaande aanvragen. Nieuwe aanvragen verschijnen hier meteen.</Text>
            ) : (
              waiting.map((request) => {
                const left = timeLeft(request.response_deadline, now);
                return (
                  <Row key={request.id} to={bookingLink(request.id)}>
                    <Stack gap="0" minW="0">
                      <Text fontWeight="700">{request.customer_name ?? 'Klant'}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {dutchShortMoment(request.starts_at)}
                        {request.event_type ? ` · ${request.event_type}` : ''}
                      </Text>
                    </Stack>
                    <Text fontSize="sm" fontWeight="700" color={left ? 'brand.700' : 'red.700'} flexShrink={0}>
                      {left ? `Nog ${left}` : 'Verlopen'}
                    </Text>
                  </Row>
                );
              })
            )}
          </Panel>

          <Panel title="Komende optredens" testId="overview-upcoming">
            {upcoming.length === 0 ? (
              <Text color="fg.muted">Nog geen optredens gepland.</Text>
            ) : (
              upcoming.map((gig) => (
                <Row key={gig.id} to={bookingLink(gig.id)}>
                  <Stack gap="0" minW="0">
                    <Text fontWeight="700">{dutchDateTime(gig.starts_at)}</Text>
                    <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                      {[gig.customer_name, gig.event_type, gig.event_location].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  <BookingStatusBadge status={gig.status} flexShrink={0} />
                </Row>
              ))
            )}
          </Panel>

          <Panel title="Inkomsten" testId="overview-earnings">
            <Stack as="dl" gap="2">
              <Amount label="Deze maand" cents={earnings.month_cents} />
              <Amount label="Dit jaar" cents={earnings.year_cents} />
              <Amount label="Dit jaar gespeeld" cents={earnings.played_cents} />
              <Amount label="In de controleperiode" cents={earnings.checkin_cents} />
              <Amount label="Nog te spelen (bevestigd)" cents={earnings.to_come_cents} />
              <Amount label="Dit jaar uitbetaald" cents={paid_out_cents} />
            </Stack>
            <Text fontSize="sm" color="fg.muted">
              Bedragen zijn je eigen prijs: de servicekosten betaalt de klant bovenop. Na het optreden heeft de klant een paar dagen om een probleem te melden; daarna betaalt Podium je gage uit.
            </Text>
            <Button asChild variant="outline" rounded="full" size="sm" alignSelf="flex-start">
              <Link to="/dashboard/artist/uitbetalingen">Bekijk je uitbetalingen</Link>
            </Button>
          </Panel>

          <Panel title={`Je profiel is ${percent}% compleet`} testId="overview-completeness">
            <Box h="2" bg="ink.100" rounded="full" overflow="hidden" role="progressbar" aria-label="Profiel compleet" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <Box h="full" w={`${percent}%`} bg={percent === 100 ? 'green.600' : 'brand.500'} />
            </Box>
            {percent === 100 ? (
              <Text color="fg.muted">Alles staat erin. Klanten zien een compleet profiel.</Text>
            ) : (
              <Stack as="ul" gap="1">
                {completeness
                  .filter((item) => !item.done)
                  .map((item) => (
                    <HStack as="li" key={item.item} justify="space-between" gap="2">
                      <Text>{item.item}</Text>
                      <Button asChild size="xs" variant="outline" rounded="full" flexShrink={0}>
                        <Link to={`/dashboard/artist/profiel?stap=${item.step}`}>Aanvullen</Link>
                      </Button>
                    </HStack>
                  ))}
              </Stack>
            )}
          </Panel>
        </Grid>

        <Panel title="Beoordeling" testId="overview-reviews">
          {act.review_count === 0 ? (
            <Text color="fg.muted">Nog geen reviews. Na je eerste optreden vragen we de klant om een review.</Text>
          ) : (
            <>
              <HStack gap="2">
                <Text fontSize="3xl" fontWeight="800">
                  {dutchDecimal(act.rating_avg)}
                </Text>
                <Text color="fg.muted">
                  van 5 · {act.review_count} {act.review_count === 1 ? 'review' : 'reviews'}
                </Text>
              </HStack>
              {reviews.map((review) => (
                <Stack key={review.id} gap="1" borderTopWidth="1px" pt="3">
                  <HStack justify="space-between">
                    <Text fontWeight="700">{review.reviewer_name ?? 'Klant'}</Text>
                    <Text aria-label={`${review.rating} van 5 sterren`} color="brand.600">
                      {'★'.repeat(review.rating)}
                      <Box as="span" color="ink.200">
                        {'★'.repeat(5 - review.rating)}
                      </Box>
                    </Text>
                  </HStack>
                  {review.body && <Text lineClamp={3}>{review.body}</Text>}
                </Stack>
              ))}
            </>
          )}
        </Panel>
      </Stack>
    </Container>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'brand' | undefined }) {
  return (
    <Stack gap="0.5" bg={tone ? 'brand.50' : 'white'} borderWidth="1px" borderColor={tone ? 'brand.200' : 'border'} rounded="2xl" p="4">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="800">
        {value}
      </Text>
    </Stack>
  );
}

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} data-testid={testId} aria-label={title}>
      <Heading as="h2" fontSize="lg" fontWeight="800">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Row({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Flex asChild justify="space-between" align="center" gap="3" rounded="lg" px="3" py="2" bg="ink.50" color="fg" textDecoration="none" _hover={{ bg: 'ink.100' }}>
      <Link to={to}>{children}</Link>
    </Flex>
  );
}

function Amount({ label, cents }: { label: string; cents: number }) {
  return (
    <HStack justify="space-between">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="700">
        {dutchCents(cents)}
      </Text>
    </HStack>
  );
}
