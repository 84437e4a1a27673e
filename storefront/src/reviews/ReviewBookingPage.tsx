// Review a booking (SPEC 2.1: /reviews/booking/{bookingId}, and /review, the same screen): the
// customer of a completed booking gives 1 to 5 stars and a few words; the review then shows on
// the artist's page. /review without a booking lists the completed bookings still waiting for
// one. Login required (AuthGuard); the database refuses anyone else.
import { Box, Button, chakra, Container, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { queryKeys } from '@podium/shared/query-keys';
import { toast } from '@podium/shared/toast';
import { LoadError, SkeletonBlock } from '../content/LoadState.tsx';
import { loadPrivateClient, privateQueryOptions } from '../data/private-query.ts';
import { bookingsAwaitingReviewQuery, bookingToReviewQuery, submitReview, type BookingToReview } from '../data/reviews.ts';
import { Stars } from '../artist-page/Reviews.tsx';
import { StarIcon } from '../layout/icons.tsx';
import { starColor } from '../marketplace/artist-cards.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { ratingLabels, REVIEW_MAX_LENGTH, reviewProblems, type ReviewField } from './review-rules.ts';

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

export default function ReviewBookingPage() {
  const { bookingId: fromPath } = useParams();
  const [search] = useSearchParams();
  const bookingId = fromPath ?? search.get('booking');
  return (
    <>
      <PageMeta title="Review schrijven" description="Beoordeel je boeking op Podium." path={bookingId ? `/reviews/booking/${bookingId}` : '/review'} noindex />
      <Container maxW="2xl" px={{ base: '4', md: '6' }} pt={{ base: '6', md: '10' }} pb={{ base: '10', md: '16' }}>
        {bookingId ? <ReviewOneBooking bookingId={bookingId} /> : <BookingsAwaitingReview />}
      </Container>
    </>
  );
}

function Card({ children }: { children: React.ReactNode }) {
  return (
    <Stack gap="4" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }}>
      {children}
    </Stack>
  );
}

function BackToBookings({ label = 'Naar mijn boekingen' }: { label?: string }) {
  return (
    <Button asChild variant="outline" rounded="full" alignSelf="flex-start">
      <Link to="/bookings">{label}</Link>
    </Button>
  );
}

function ReviewOneBooking({ bookingId }: { bookingId: string }) {
  const booking = useQuery(privateQueryOptions(bookingToReviewQuery(bookingId)));
  if (booking.isPending) return <SkeletonBlock h="22rem" />;
  if (booking.isError) return <LoadError what="De boeking" onRetry={() => void booking.refetch()} />;
  const data = booking.data;
  if (!data) {
    return (
      <Card>
        <Heading as="h1" fontSize="2xl">
          Deze boeking kunnen we niet vinden
        </Heading>
        <Text color="fg.muted">De link klopt niet, of de boeking staat op een ander account.</Text>
        <BackToBookings />
      </Card>
    );
  }
  const artistName = data.artist?.name ?? 'de artiest';
  if (data.review) return <ReviewWritten booking={data} />;
  if (data.status !== 'completed') {
    return (
      <Card>
        <Heading as="h1" fontSize="2xl">
          Nog even geduld
        </Heading>
        <Text color="fg.muted">
          Je kunt {artistName} beoordelen zodra het optreden op {longDate(data.starts_at)} is geweest.
        </Text>
        <BackToBookings />
      </Card>
    );
  }
  return <ReviewForm booking={data} />;
}

function ReviewWritten({ booking }: { booking: BookingToReview }) {
  return (
    <Card>
      <Heading as="h1" fontSize="2xl">
        Bedankt voor je review
      </Heading>
      <Text color="fg.muted">
        Je beoordeling van {booking.artist?.name ?? 'de artiest'} op {longDate(booking.starts_at)}:
      </Text>
      <Box role="img" aria-label={`${booking.review!.rating} van de 5 sterren`} alignSelf="flex-start">
        <Stars rating={booking.review!.rating} size={22} />
      </Box>
      {booking.review!.body && <Text whiteSpace="pre-line">{booking.review!.body}</Text>}
      <HStack gap="3" flexWrap="wrap">
        {booking.artist && (
          <Button asChild colorPalette="brand" rounded="full">
            <Link to={`/artists/${booking.artist.slug}#reviews`}>Bekijk de artiestpagina</Link>
          </Button>
        )}
        <BackToBookings />
      </HStack>
    </Card>
  );
}

function RatingPicker({ value, onChange, invalid, describedBy }: { value: number | null; onChange: (rating: number) => void; invalid: boolean; describedBy?: string }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // A radio group: arrow keys move the choice, only the chosen star is in the tab order.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = Math.min(5, Math.max(1, (value ?? 0) + step));
    onChange(next);
    buttons.current[next - 1]?.focus();
  };
  return (
    <HStack role="radiogroup" aria-label="Beoordeling" aria-invalid={invalid || undefined} aria-describedby={describedBy} gap="1" onKeyDown={onKeyDown} data-field="rating">
      {[1, 2, 3, 4, 5].map((rating) => {
        const chosen = value !== null && rating <= value;
        return (
          <Button
            key={rating}
            ref={(element) => {
              buttons.current[rating - 1] = element;
            }}
            role="radio"
            aria-checked={value === rating}
            aria-label={`${rating} ${rating === 1 ? 'ster' : 'sterren'}: ${ratingLabels[rating]}`}
            tabIndex={value === rating || (value === null && rating === 1) ? 0 : -1}
            variant="ghost"
            minW="11"
            h="11"
            px="0"
            color={chosen ? starColor : 'ink.300'}
            onClick={() => onChange(rating)}
          >
            <StarIcon size={30} fill="currentColor" strokeWidth={0} />
          </Button>
        );
      })}
      <Text ml="2" color="fg.muted" aria-hidden="true">
        {value ? ratingLabels[value] : ''}
      </Text>
    </HStack>
  );
}

function ReviewForm({ booking }: { booking: BookingToReview }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [problems, setProblems] = useState<Partial<Record<ReviewField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const artistName = booking.artist?.name ?? 'de artiest';
  const send = useMutation({
    mutationFn: async () => submitReview(await loadPrivateClient(), booking.id, rating!, body),
    onSuccess: async (refusal) => {
      if (refusal) {
        toast({ title: refusal, variant: 'destructive' });
        return;
      }
      toast({ title: 'Bedankt! Je review staat online.' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.customerBookings });
    },
    onError: () => toast({ title: 'Je review kon niet worden geplaatst. Probeer het opnieuw.', variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reviewProblems({ rating, body });
    setProblems(found);
    const first = (['rating', 'body'] as const).find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(first === 'rating' ? '[role="radio"][tabindex="0"]' : 'textarea')?.focus();
      return;
    }
    send.mutate();
  };

  return (
    <Card>
      <Stack gap="1">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
          Hoe was {artistName}?
        </Heading>
        <Text color="fg.muted">
          {[longDate(booking.starts_at), booking.event_type, booking.event_location].filter((part) => part?.trim()).join(' · ')}
        </Text>
      </Stack>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="5">
          <Stack gap="2">
            <Text fontWeight="600" id={`${ids}-rating`}>
              Je beoordeling
            </Text>
            <RatingPicker
              value={rating}
              onChange={(value) => {
                setRating(value);
                setProblems((current) => ({ ...current, rating: undefined }));
              }}
              invalid={Boolean(problems.rating)}
              describedBy={problems.rating ? `${ids}-rating-error` : undefined}
            />
            {problems.rating && (
              <Text id={`${ids}-rating-error`} color="red.700" fontSize="sm">
                {problems.rating}
              </Text>
            )}
          </Stack>
          <Stack gap="2">
            <chakra.label fontWeight="600" htmlFor={`${ids}-body`}>
              Vertel er iets over (mag ook leeg blijven)
            </chakra.label>
            <Textarea
              recipe={textareaRecipe}
              id={`${ids}-body`}
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                setProblems((current) => ({ ...current, body: undefined }));
              }}
              rows={6}
              placeholder={`Wat maakte ${artistName} bijzonder? Hoe reageerden je gasten?`}
              aria-invalid={Boolean(problems.body) || undefined}
              aria-describedby={`${ids}-count${problems.body ? ` ${ids}-body-error` : ''}`}
            />
            <Text id={`${ids}-count`} fontSize="sm" color={body.trim().length > REVIEW_MAX_LENGTH ? 'red.700' : 'fg.muted'}>
              {body.trim().length} / {REVIEW_MAX_LENGTH} tekens
            </Text>
            {problems.body && (
              <Text id={`${ids}-body-error`} color="red.700" fontSize="sm">
                {problems.body}
              </Text>
            )}
          </Stack>
          <HStack gap="3" flexWrap="wrap">
            <Button type="submit" colorPalette="brand" rounded="full" loading={send.isPending} loadingText="Bezig met plaatsen">
              Review plaatsen
            </Button>
            <BackToBookings label="Later" />
          </HStack>
        </Stack>
      </form>
    </Card>
  );
}

function BookingsAwaitingReview() {
  const bookings = useQuery(privateQueryOptions(bookingsAwaitingReviewQuery()));
  return (
    <Stack gap="5">
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
        Review schrijven
      </Heading>
      {bookings.isPending ? (
        <SkeletonBlock h="10rem" />
      ) : bookings.isError ? (
        <LoadError what="Je boekingen" onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <Card>
          <Text>Je hebt geen afgeronde boekingen die nog op een review wachten.</Text>
          <BackToBookings />
        </Card>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {bookings.data.map((booking) => (
            <Box as="li" key={booking.id}>
              <Card>
                <Text fontWeight="700">{booking.artist?.name ?? 'Artiest'}</Text>
                <Text color="fg.muted">{longDate(booking.starts_at)}</Text>
                <Button asChild colorPalette="brand" rounded="full" alignSelf="flex-start">
                  <Link to={`/reviews/booking/${booking.id}`}>Beoordeel {booking.artist?.name ?? 'deze boeking'}</Link>
                </Button>
              </Card>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
