// Writing or changing a booking review: the overall stars, the three aspects and a text. The
// shared rule (@podium/shared/reviews) checks the draft before anything is sent; what the
// database still refuses (someone else's booking, a second review, a closed edit window) comes
// back as its own Dutch sentence, and nothing is written.
import { Box, Button, chakra, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { queryKeys } from '@podium/shared/query-keys';
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH, reviewAspectLabels, reviewAspects, reviewProblems, type ReviewDraft, type ReviewField } from '@podium/shared/reviews';
import { toast } from '@podium/shared/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { loadPrivateClient } from '../data/private-query.ts';
import { saveReview, type BookingToReview } from '../data/reviews.ts';
import { StarPicker } from './StarPicker.tsx';

const fieldOrder: readonly ReviewField[] = ['rating', ...reviewAspects, 'body'];

export function ReviewForm({ booking, onSaved, onCancel }: { booking: BookingToReview; onSaved: () => void; onCancel?: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const existing = booking.review;
  const [draft, setDraft] = useState<ReviewDraft>(() => ({
    rating: existing?.rating ?? null,
    music_rating: existing?.music_rating ?? null,
    professionalism_rating: existing?.professionalism_rating ?? null,
    communication_rating: existing?.communication_rating ?? null,
    body: existing?.body ?? '',
  }));
  const [problems, setProblems] = useState<Partial<Record<ReviewField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const artistName = booking.artist?.name ?? 'de artiest';

  const change = <K extends ReviewField>(field: K, value: ReviewDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const save = useMutation({
    mutationFn: async () => saveReview(await loadPrivateClient(), booking.id, existing?.id ?? null, draft),
    onSuccess: async (refused) => {
      setRefusal(refused);
      if (refused) return;
      toast({ title: existing ? 'Je review is bijgewerkt.' : 'Bedankt! Je review staat online.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.customerBookings }),
        // The artist page's rating, distribution and reviews, wherever they are cached.
        queryClient.invalidateQueries({ queryKey: ['artist-page'] }),
      ]);
      onSaved();
    },
    onError: () => setRefusal('Je review kon niet worden opgeslagen. Controleer je verbinding en probeer het opnieuw.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reviewProblems(draft);
    setProblems(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      const selector = first === 'body' ? 'textarea' : `[data-field="${first}"] [role="radio"][tabindex="0"]`;
      formRef.current?.querySelector<HTMLElement>(selector)?.focus();
      return;
    }
    save.mutate();
  };

  const length = draft.body.trim().length;
  const error = (field: ReviewField) =>
    problems[field] ? (
      <Text id={`${ids}-${field}-error`} color="red.700" fontSize="sm">
        {problems[field]}
      </Text>
    ) : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={existing ? 'Review bewerken' : 'Review schrijven'}>
      <Stack gap="6">
        <Stack gap="2">
          <Text id={`${ids}-rating`} fontWeight="700" fontSize="lg">
            Je totaaloordeel
          </Text>
          <StarPicker
            field="rating"
            value={draft.rating}
            onChange={(stars) => change('rating', stars)}
            labelledBy={`${ids}-rating`}
            describedBy={problems.rating ? `${ids}-rating-error` : undefined}
            invalid={Boolean(problems.rating)}
          />
          {error('rating')}
        </Stack>

        <Stack as="fieldset" gap="3" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} m="0">
          <chakra.legend fontWeight="700" px="1">
            Per onderdeel
          </chakra.legend>
          {reviewAspects.map((aspect) => (
            <Stack key={aspect} gap="1" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} justify="space-between">
              <Text id={`${ids}-${aspect}`} fontWeight="600" minW="40">
                {reviewAspectLabels[aspect]}
              </Text>
              <Stack gap="1">
                <StarPicker
                  field={aspect}
                  size={24}
                  value={draft[aspect]}
                  onChange={(stars) => change(aspect, stars)}
                  labelledBy={`${ids}-${aspect}`}
                  describedBy={problems[aspect] ? `${ids}-${aspect}-error` : undefined}
                  invalid={Boolean(problems[aspect])}
                />
                {error(aspect)}
              </Stack>
            </Stack>
          ))}
        </Stack>

        <Stack gap="2">
          <chakra.label fontWeight="700" htmlFor={`${ids}-body`}>
            Je ervaring
          </chakra.label>
          <Textarea
            recipe={textareaRecipe}
            id={`${ids}-body`}
            value={draft.body}
            onChange={(event) => change('body', event.target.value)}
            rows={6}
            placeholder={`Wat maakte ${artistName} bijzonder? Hoe reageerden je gasten?`}
            aria-invalid={Boolean(problems.body) || undefined}
            aria-describedby={`${ids}-count${problems.body ? ` ${ids}-body-error` : ''}`}
          />
          <Text id={`${ids}-count`} fontSize="sm" color={length > REVIEW_MAX_LENGTH || (problems.body && length < REVIEW_MIN_LENGTH) ? 'red.700' : 'fg.muted'}>
            {length} / {REVIEW_MAX_LENGTH} tekens (minstens {REVIEW_MIN_LENGTH})
          </Text>
          {error('body')}
        </Stack>

        {refusal && (
          <Box role="alert" bg="red.50" borderWidth="1px" borderColor="red.200" color="red.800" rounded="xl" p="4" data-testid="review-refusal">
            {refusal}
          </Box>
        )}

        <HStack gap="3" flexWrap="wrap">
          <Button type="submit" colorPalette="brand" rounded="full" loading={save.isPending} loadingText="Bezig met opslaan">
            {existing ? 'Wijzigingen opslaan' : 'Review plaatsen'}
          </Button>
          {onCancel && (
            <Button variant="outline" rounded="full" onClick={onCancel}>
              Annuleren
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
