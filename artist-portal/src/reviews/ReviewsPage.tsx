// Received reviews (/reviews/artist, SPEC 2.1): the rating with its distribution over
// the stars, every review newest first, and one public reply per review, which the artist page
// shows under the review. Replies are the reviews' artist_reply column: the database lets only
// the act's owner write it (reviews_before_write).
import { Box, Button, Container, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { dutchDateOfMoment, dutchDecimal } from '@podium/shared/dutch';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApprovedActOnly } from '../portal/ApprovedActOnly.tsx';
import { dashboardLinks } from '../portal/links.ts';
import { PortalFrame } from '../portal/PortalFrame.tsx';
import { fetchReceivedReviews, reviewsKey, saveReply, type ReceivedReview, type ReceivedReviews } from '../data/reviews.ts';
import { LoadError } from '@podium/shared/ui/LoadState';
import { Loading } from '../portal/LoadState.tsx';
import { useUserId } from '../data/artist.ts';

export const replyMaxLength = 2000;

/** How many reviews gave each number of stars, 5 down to 1. */
export function ratingDistribution(reviews: readonly { rating: number }[]): { stars: number; count: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => ({ stars, count: reviews.filter((review) => review.rating === stars).length }));
}

export default function ReviewsPage() {
  return (
    <PortalFrame links={dashboardLinks}>
      <ApprovedActOnly>
        <ReceivedReviewsList />
      </ApprovedActOnly>
    </PortalFrame>
  );
}

function ReceivedReviewsList() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const received = useQuery({ queryKey: [...reviewsKey, userId], queryFn: () => fetchReceivedReviews(queryClient, userId!), enabled: userId !== null });
  useEffect(() => {
    document.title = 'Reviews · Podium Artiestenportaal';
  }, []);
  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800">
          Reviews
        </Heading>
        {received.isError ? (
          <LoadError subject="Je reviews" plural={true} onRetry={() => void received.refetch()} />
        ) : !received.data ? (
          <Loading />
        ) : received.data.reviews.length === 0 ? (
          <Text bg="white" borderWidth="1px" rounded="2xl" p="5">
            Nog geen reviews. Na elk optreden vragen we de klant om een review; die verschijnt hier en op je pagina.
          </Text>
        ) : (
          <>
            <Summary data={received.data} />
            <Stack as="ul" gap="3" aria-label="Alle reviews">
              {received.data.reviews.map((review) => (
                <ReviewCard key={review.id} review={review} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <Text as="span" aria-label={`${rating} van 5 sterren`} color="brand.600" letterSpacing="0.1em">
      {'★'.repeat(rating)}
      <Box as="span" color="ink.200">
        {'★'.repeat(5 - rating)}
      </Box>
    </Text>
  );
}

function Summary({ data }: { data: ReceivedReviews }) {
  const distribution = ratingDistribution(data.reviews);
  const most = Math.max(...distribution.map((row) => row.count), 1);
  return (
    <HStack gap={{ base: '5', md: '10' }} align="center" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '6' }} flexWrap="wrap" data-testid="rating-summary">
      <Stack gap="0" align="center">
        <Text fontSize="5xl" fontWeight="800" lineHeight="1">
          {dutchDecimal(data.act.rating_avg)}
        </Text>
        <Stars rating={Math.round(data.act.rating_avg)} />
        <Text color="fg.muted" fontSize="sm">
          {data.act.review_count} {data.act.review_count === 1 ? 'review' : 'reviews'}
        </Text>
      </Stack>
      <Stack as="dl" gap="1.5" flex="1" minW="12rem" aria-label="Verdeling over de sterren">
        {distribution.map((row) => (
          <HStack key={row.stars} gap="3">
            <Text as="dt" w="16" fontSize="sm" flexShrink={0}>
              {row.stars} {row.stars === 1 ? 'ster' : 'sterren'}
            </Text>
            <Box flex="1" h="2" bg="ink.100" rounded="full" overflow="hidden" aria-hidden="true">
              <Box h="full" bg="brand.500" w={`${(row.count / most) * 100}%`} />
            </Box>
            <Text as="dd" w="8" textAlign="end" fontSize="sm" fontWeight="700">
              {row.count}
            </Text>
          </HStack>
        ))}
      </Stack>
    </HStack>
  );
}

function ReviewCard({ review }: { review: ReceivedReview }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.artist_reply ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (reply: string | null) => saveReply(review.id, reply),
    onSuccess: async () => {
      setEditing(false);
      setProblem(null);
      await queryClient.invalidateQueries({ queryKey: reviewsKey });
    },
    onError: () => setProblem('Je reactie kon niet worden opgeslagen. Probeer het opnieuw.'),
  });
  const name = review.reviewer?.display_name ?? 'Klant';
  const submit = () => {
    const reply = text.trim();
    if (!reply) return setProblem('Schrijf eerst je reactie.');
    if (reply.length > replyMaxLength) return setProblem(`Je reactie is te lang (hoogstens ${replyMaxLength} tekens).`);
    save.mutate(reply);
  };
  return (
    <Stack as="li" gap="2" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} aria-label={`Review van ${name}`} data-testid="received-review">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontWeight="700">{name}</Text>
        <HStack gap="2">
          <Stars rating={review.rating} />
          <Text color="fg.muted" fontSize="sm">
            {dutchDateOfMoment(review.created_at)}
          </Text>
        </HStack>
      </HStack>
      {review.body && <Text whiteSpace="pre-line">{review.body}</Text>}
      {review.artist_reply && !editing && (
        <Stack gap="1" bg="brand.50" rounded="xl" p="3" data-testid="artist-reply">
          <Text fontSize="sm" fontWeight="700">
            Jouw reactie (openbaar)
          </Text>
          <Text whiteSpace="pre-line">{review.artist_reply}</Text>
          <HStack gap="1">
            <Button size="xs" variant="ghost" onClick={() => setEditing(true)}>
              Wijzigen
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" loading={save.isPending} onClick={() => save.mutate(null)}>
              Verwijderen
            </Button>
          </HStack>
        </Stack>
      )}
      {!review.artist_reply && !editing && (
        <Box>
          <Button size="sm" variant="outline" rounded="full" onClick={() => setEditing(true)}>
            Reageren
          </Button>
        </Box>
      )}
      {editing && (
        <Stack gap="2">
          <Field.Root recipe={fieldRecipe} invalid={Boolean(problem)}>
            <Field.Label>Je reactie (iedereen ziet die onder de review)</Field.Label>
            <Textarea recipe={textareaRecipe} bg="white" rows={3} value={text} maxLength={replyMaxLength} onChange={(event) => setText(event.target.value)} />
            <Field.ErrorText>{problem}</Field.ErrorText>
          </Field.Root>
          <HStack gap="2" justify="flex-end">
            <Button size="sm" variant="ghost" rounded="full" onClick={() => setEditing(false)}>
              Annuleren
            </Button>
            <Button size="sm" colorPalette="brand" rounded="full" loading={save.isPending} onClick={submit}>
              Reactie plaatsen
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
