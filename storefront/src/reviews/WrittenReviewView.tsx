// A review the customer wrote, as they see it back: the stars, the aspects, the text, the
// artist's reply when there is one, and until when it can still be changed.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useMinuteClock } from '@podium/shared/countdown';
import { dutchDateOfMoment } from '@podium/shared/dutch';
import { ratingLabels, reviewEditable } from '@podium/shared/reviews';
import { AspectRatings, VerifiedBookingMark } from '../artist-page/Reviews.tsx';
import { Stars } from '../marketplace/Stars.tsx';
import type { WrittenReview } from '../data/reviews.ts';

/** The white card the review screens put their content in. */
export function ReviewCard({ children, ...rest }: { children: React.ReactNode; 'data-testid'?: string; 'aria-labelledby'?: string; as?: 'article' | 'div' }) {
  return (
    <Stack gap="4" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }} {...rest}>
      {children}
    </Stack>
  );
}

export function WrittenReviewView({ review }: { review: WrittenReview }) {
  const now = useMinuteClock();
  const changed = Date.parse(review.updated_at) - Date.parse(review.created_at) > 60_000;
  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap">
        <Box role="img" aria-label={`${review.rating} van de 5 sterren`}>
          <Stars rating={review.rating} size={20} />
        </Box>
        <Text fontWeight="600">{ratingLabels[review.rating]}</Text>
        <VerifiedBookingMark />
      </HStack>
      <AspectRatings review={review} />
      {review.body && <Text whiteSpace="pre-line">{review.body}</Text>}
      <Text fontSize="sm" color="fg.muted">
        Geplaatst op {dutchDateOfMoment(review.created_at)}
        {changed ? `, bewerkt op ${dutchDateOfMoment(review.updated_at)}` : ''}.{' '}
        {reviewEditable(review.editable_until, now) ? `Je kunt je review aanpassen tot en met ${dutchDateOfMoment(review.editable_until)}.` : 'Deze review kan niet meer worden aangepast.'}
      </Text>
      {review.artist_reply ? (
        <Box pl="4" borderLeftWidth="3px" borderColor="brand.200" data-testid="artist-reply">
          <Text fontSize="sm" fontWeight="700">
            Reactie van de artiest{review.artist_replied_at ? ` (${dutchDateOfMoment(review.artist_replied_at)})` : ''}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-line">
            {review.artist_reply}
          </Text>
        </Box>
      ) : null}
    </Stack>
  );
}
