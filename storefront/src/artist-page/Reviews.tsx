// Ratings and reviews: the average, the count and how the stars are spread, then the reviews
// newest first, a page at a time. Every review comes from a completed booking (the database
// allows no other), which each review says with 'Geverifieerde boeking': it is why these reviews
// can be trusted. Newer reviews also rate the music, professionalism and communication (older ones have only stars).
import { Box, Button, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { reviewAspectLabels, reviewAspects, type ReviewRatings } from '@podium/shared/reviews';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { artistAspectAveragesQuery, artistRatingCountsQuery, artistReviewsQuery, reviewsPageSize, type ArtistReview } from '../data/artist-page.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { CheckIcon, ShieldIcon } from '@podium/shared/ui/icons';
import { Stars } from '../marketplace/Stars.tsx';
import { formatRating, reviewCountText, starColor } from '../marketplace/artist-cards.ts';
import { ratingDistribution, reviewDate } from './rating-summary.ts';

/** 'Geverifieerde boeking': the review comes from a completed booking through Podium. */
export function VerifiedBookingMark() {
  return (
    <HStack as="span" gap="1" fontSize="xs" fontWeight="600" color="green.800" bg="green.50" rounded="full" px="2" py="0.5" display="inline-flex" whiteSpace="nowrap" data-testid="verified-booking">
      <CheckIcon size={12} />
      Geverifieerde boeking
    </HStack>
  );
}

/** The aspects a review rated (music, professionalism, communication), when it rated them. */
export function AspectRatings({ review, mt }: { review: Partial<ReviewRatings>; mt?: string }) {
  const rated = reviewAspects.filter((aspect) => typeof review[aspect] === 'number');
  if (rated.length === 0) return null;
  return (
    <Flex as="dl" mt={mt} columnGap="4" rowGap="1" flexWrap="wrap" fontSize="sm" data-testid="review-aspects">
      {rated.map((aspect) => (
        <HStack key={aspect} gap="1.5">
          <Text as="dt" color="fg.muted">
            {reviewAspectLabels[aspect]}
          </Text>
          <Box as="dd" m="0">
            <Box role="img" aria-label={`${review[aspect]} van 5 sterren`}>
              <Stars rating={review[aspect]!} size={12} />
            </Box>
          </Box>
        </HStack>
      ))}
    </Flex>
  );
}

export function RatingSummary({ slug, ratingAvg, reviewCount }: { slug: string; ratingAvg: number; reviewCount: number }) {
  const counts = useQuery(publicQueryOptions(artistRatingCountsQuery(slug)));
  const aspects = useQuery(publicQueryOptions(artistAspectAveragesQuery(slug)));
  const bars = ratingDistribution(counts.data ?? []);
  return (
    <Grid templateColumns={{ base: '1fr', sm: 'auto 1fr' }} gap={{ base: '4', sm: '8' }} alignItems="center" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '6' }}>
      <Stack gap="1" align={{ base: 'start', sm: 'center' }} minW="32">
        <Text fontSize="5xl" fontWeight="800" lineHeight="1" data-testid="rating-average">
          {formatRating(ratingAvg)}
        </Text>
        <Stars rating={ratingAvg} size={18} />
        <Text fontSize="sm" color="fg.muted">
          {reviewCountText(reviewCount)}
        </Text>
      </Stack>
      <Stack as="dl" gap="1.5" aria-label="Verdeling van de beoordelingen">
        {bars.map((bar) => (
          <Flex key={bar.stars} align="center" gap="3" fontSize="sm">
            <Text as="dt" w="16" flexShrink={0} color="fg.muted">
              {bar.stars} {bar.stars === 1 ? 'ster' : 'sterren'}
            </Text>
            <Box flex="1" h="2" bg="ink.100" rounded="full" overflow="hidden" aria-hidden="true">
              <Box h="full" w={`${bar.percent}%`} bg={starColor} rounded="full" />
            </Box>
            <Text as="dd" w="8" textAlign="end" fontWeight="600" aria-label={`${bar.count} ${bar.count === 1 ? 'review' : 'reviews'}`}>
              {counts.isPending ? '–' : bar.count}
            </Text>
          </Flex>
        ))}
      </Stack>
      {aspects.data && (
        <Grid
          as="dl"
          gridColumn="1 / -1"
          templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }}
          gap="3"
          borderTopWidth="1px"
          pt="4"
          aria-label="Gemiddeld per onderdeel"
          data-testid="aspect-averages"
        >
          {reviewAspects.map((aspect) => (
            <Flex key={aspect} align="center" justify="space-between" gap="2" fontSize="sm">
              <Text as="dt" color="fg.muted">
                {reviewAspectLabels[aspect]}
              </Text>
              <Text as="dd" fontWeight="700" m="0">
                {formatRating(aspects.data![aspect])}
              </Text>
            </Flex>
          ))}
        </Grid>
      )}
    </Grid>
  );
}

/** The reviews, a page at a time ('Meer reviews tonen'). */
export function ReviewList({ slug, reviewCount }: { slug: string; reviewCount: number }) {
  const [pages, setPages] = useState(1);
  return (
    <Stack gap="4">
      <HStack gap="2" fontSize="sm" color="fg.muted">
        <ShieldIcon size={16} />
        <Text>Alleen klanten die via Podium boekten en het optreden meemaakten, kunnen een review schrijven.</Text>
      </HStack>
      <Stack as="ol" gap="4" listStyleType="none" aria-label="Reviews, nieuwste eerst">
        {Array.from({ length: pages }, (_, page) => (
          <ReviewPage key={page} slug={slug} page={page} />
        ))}
      </Stack>
      {pages * reviewsPageSize < reviewCount && (
        <Button variant="outline" rounded="full" alignSelf="center" onClick={() => setPages((count) => count + 1)}>
          Meer reviews tonen
        </Button>
      )}
    </Stack>
  );
}

function ReviewPage({ slug, page }: { slug: string; page: number }) {
  const reviews = useQuery(publicQueryOptions(artistReviewsQuery(slug, page)));
  if (reviews.isPending) {
    return (
      <>
        {Array.from({ length: page === 0 ? 3 : 2 }, (_, index) => (
          <Box as="li" key={index} h="36" bg="white" borderWidth="1px" rounded="2xl" aria-hidden="true" />
        ))}
      </>
    );
  }
  if (reviews.isLoadingError) {
    return (
      <Box as="li" p="4" bg="red.50" rounded="xl">
        <Text fontSize="sm">Deze reviews konden niet worden geladen.</Text>
        <Button mt="2" size="sm" variant="outline" rounded="full" onClick={() => void reviews.refetch()}>
          Opnieuw proberen
        </Button>
      </Box>
    );
  }
  return (
    <>
      {reviews.data.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </>
  );
}

function ReviewItem({ review }: { review: ArtistReview }) {
  const initial = review.reviewer.trim().charAt(0).toUpperCase() || 'P';
  return (
    <Box as="li" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} data-testid="review">
      <Flex gap="3" align="center">
        <Flex w="10" h="10" rounded="full" bg="brand.100" color="brand.800" fontWeight="800" align="center" justify="center" flexShrink={0} aria-hidden="true">
          {initial}
        </Flex>
        <Box flex="1" minW="0">
          <Text fontWeight="700">{review.reviewer}</Text>
          <HStack gap="2" flexWrap="wrap" rowGap="1">
            <Text fontSize="xs" color="fg.muted">
              <time dateTime={review.created_at}>{reviewDate(review.created_at)}</time>
            </Text>
            <VerifiedBookingMark />
          </HStack>
        </Box>
        <Box role="img" aria-label={`${review.rating} van 5 sterren`}>
          <Stars rating={review.rating} size={14} />
        </Box>
      </Flex>
      <AspectRatings review={review} mt="3" />
      {review.body && (
        <Text mt="3" whiteSpace="pre-line" color="ink.800">
          {review.body}
        </Text>
      )}
      {review.artist_reply && (
        <Box mt="3" ml={{ base: '2', md: '6' }} pl="4" borderLeftWidth="3px" borderColor="brand.200">
          <Text fontSize="sm" fontWeight="700">
            Reactie van de artiest
          </Text>
          <Text fontSize="sm" color="ink.800" whiteSpace="pre-line">
            {review.artist_reply}
          </Text>
        </Box>
      )}
    </Box>
  );
}
