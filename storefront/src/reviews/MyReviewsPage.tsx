// 'Mijn reviews' (SPEC 2.1: /reviews/customer, login required; the profile menu links here): the
// reviews the customer wrote, newest first, each with its artist, the gig, the artist's reply and
// 'Review bewerken' while the edit window is open. Completed gigs still waiting for a review are
// offered on top.
import { Box, Button, Container, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMinuteClock } from '@podium/shared/countdown';
import { dutchDateTime } from '@podium/shared/dutch';
import { reviewEditable } from '@podium/shared/reviews';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { privateQueryOptions } from '../data/private-query.ts';
import { bookingsAwaitingReviewQuery, myReviewsQuery, type MyReview } from '../data/reviews.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { WrittenReviewView } from './WrittenReviewView.tsx';

export default function MyReviewsPage() {
  const reviews = useQuery(privateQueryOptions(myReviewsQuery()));
  const waiting = useQuery(privateQueryOptions(bookingsAwaitingReviewQuery()));
  return (
    <>
      <PageMeta title="Mijn reviews" description="De reviews die je op Podium schreef." path="/reviews/customer" noindex />
      <Container maxW="3xl" px={{ base: '4', md: '6' }} pt={{ base: '6', md: '10' }} pb={{ base: '10', md: '16' }}>
        <Stack gap={{ base: '5', md: '7' }}>
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800" letterSpacing="-0.02em">
            Mijn reviews
          </Heading>
          {waiting.data && waiting.data.length > 0 && (
            <Stack as="section" aria-labelledby="reviews-waiting" gap="3" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="2xl" p={{ base: '4', md: '5' }}>
              <Heading as="h2" id="reviews-waiting" fontSize="lg">
                Nog te beoordelen
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
                {waiting.data.map((booking) => (
                  <HStack as="li" key={booking.id} justify="space-between" gap="3" flexWrap="wrap">
                    <Text>
                      <Text as="span" fontWeight="700">
                        {booking.artist?.name ?? 'Artiest'}
                      </Text>
                      , {dutchDateTime(booking.starts_at)}
                    </Text>
                    <Button asChild colorPalette="brand" rounded="full" size="sm">
                      <Link to={`/reviews/booking/${booking.id}`}>Beoordeel {booking.artist?.name ?? 'deze boeking'}</Link>
                    </Button>
                  </HStack>
                ))}
              </Stack>
            </Stack>
          )}
          {reviews.isPending ? (
            <>
              <SkeletonBlock h="12rem" />
              <SkeletonBlock h="12rem" />
            </>
          ) : reviews.isError ? (
            <LoadError subject="Je reviews" plural={true} onRetry={() => void reviews.refetch()} />
          ) : reviews.data.length === 0 ? (
            <Stack gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '6' }} align="flex-start">
              <Text>Je hebt nog geen reviews geschreven. Na een optreden dat je via Podium boekte, kun je hier je ervaring delen.</Text>
              <Button asChild colorPalette="brand" rounded="full" size="sm">
                <Link to="/bookings">Mijn boekingen</Link>
              </Button>
            </Stack>
          ) : (
            <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Je reviews, nieuwste eerst">
              {reviews.data.map((review) => (
                <Box as="li" key={review.id}>
                  <MyReviewCard review={review} />
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      </Container>
    </>
  );
}

function MyReviewCard({ review }: { review: MyReview }) {
  const name = review.artist?.name ?? 'Artiest';
  const headingId = `review-${review.id}`;
  const now = useMinuteClock();
  const editable = reviewEditable(review.editable_until, now);
  return (
    <Stack as="article" aria-labelledby={headingId} gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '6' }} data-testid="my-review">
      <Stack gap="0.5">
        <Heading as="h2" id={headingId} fontSize="lg" fontWeight="700">
          {review.artist ? (
            <ChakraLink asChild color="ink.900">
              <Link to={`/artists/${review.artist.slug}#reviews`}>{name}</Link>
            </ChakraLink>
          ) : (
            name
          )}
        </Heading>
        {review.booking && (
          <Text color="fg.muted" fontSize="sm">
            {[dutchDateTime(review.booking.starts_at), review.booking.event_type].filter((part) => part?.trim()).join(' · ')}
          </Text>
        )}
      </Stack>
      <WrittenReviewView review={review} />
      {review.booking && editable && (
        <Button asChild variant="outline" rounded="full" size="sm" alignSelf="flex-start">
          <Link to={`/reviews/booking/${review.booking.id}?bewerken=1`} aria-label={`Review van ${name} bewerken`}>
            Review bewerken
          </Link>
        </Button>
      )}
    </Stack>
  );
}
