// Review a booking (SPEC 2.1: /reviews/booking/{bookingId}, and /review?booking=…, the same
// screen; the link in the 'completed' and review-reminder e-mails): the customer of a completed
// booking gives the overall stars, stars for music, professionalism and communication, and a
// text; the review then shows on the artist's page. Once written it shows here, with 'Review
// bewerken' while the edit window is open (?bewerken=1 opens the form). /review without a
// booking lists the completed bookings still waiting for a review. Login required (AuthGuard);
// the database refuses anyone else.
import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMinuteClock } from '@podium/shared/countdown';
import { dutchDateTime } from '@podium/shared/dutch';
import { reviewEditable } from '@podium/shared/reviews';
import { checkinState } from '@podium/shared/checkin';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { privateQueryOptions } from '../data/private-query.ts';
import { bookingsAwaitingReviewQuery, bookingToReviewQuery, type BookingToReview } from '../data/reviews.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { ReviewCard, WrittenReviewView } from './WrittenReviewView.tsx';

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

function BackToBookings({ label = 'Naar mijn boekingen' }: { label?: string }) {
  return (
    <Button asChild variant="outline" rounded="full" alignSelf="flex-start">
      <Link to="/bookings?tab=afgelopen">{label}</Link>
    </Button>
  );
}

const bookingLine = (booking: BookingToReview) => [dutchDateTime(booking.starts_at), booking.event_type, booking.event_location].filter((part) => part?.trim()).join(' · ');

function ReviewOneBooking({ bookingId }: { bookingId: string }) {
  const booking = useQuery(privateQueryOptions(bookingToReviewQuery(bookingId)));
  const [search, setSearch] = useSearchParams();
  const editing = search.get('bewerken') === '1';
  const now = useMinuteClock();
  const setEditing = (on: boolean) => {
    const next = new URLSearchParams(search);
    if (on) next.set('bewerken', '1');
    else next.delete('bewerken');
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  if (booking.isPending) return <SkeletonBlock h="30rem" />;
  if (booking.isError) return <LoadError subject="De boeking" plural={false} onRetry={() => void booking.refetch()} />;
  const data = booking.data;
  if (!data) {
    return (
      <ReviewCard>
        <Heading as="h1" fontSize="2xl">
          Deze boeking kunnen we niet vinden
        </Heading>
        <Text color="fg.muted">De link klopt niet, of de boeking staat op een ander account. Je kunt alleen je eigen boekingen beoordelen.</Text>
        <BackToBookings />
      </ReviewCard>
    );
  }
  const artistName = data.artist?.name ?? 'de artiest';
  if (data.review) {
    const editable = reviewEditable(data.review.editable_until, now);
    if (editing && editable) {
      return (
        <ReviewCard>
          <Stack gap="1">
            <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
              Je review van {artistName} bewerken
            </Heading>
            <Text color="fg.muted">{bookingLine(data)}</Text>
          </Stack>
          <ReviewForm booking={data} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
        </ReviewCard>
      );
    }
    return (
      <ReviewCard>
        <Stack gap="1">
          <Heading as="h1" fontSize="2xl">
            Bedankt voor je review
          </Heading>
          <Text color="fg.muted">
            Je beoordeling van {artistName}, {bookingLine(data)}:
          </Text>
        </Stack>
        <WrittenReviewView review={data.review} />
        <HStack gap="3" flexWrap="wrap">
          {editable && (
            <Button colorPalette="brand" rounded="full" onClick={() => setEditing(true)}>
              Review bewerken
            </Button>
          )}
          {data.artist && (
            <Button asChild variant={editable ? 'outline' : 'solid'} colorPalette={editable ? undefined : 'brand'} rounded="full">
              <Link to={`/artists/${data.artist.slug}#reviews`}>Bekijk de artiestpagina</Link>
            </Button>
          )}
          <Button asChild variant="outline" rounded="full">
            <Link to="/reviews/customer">Mijn reviews</Link>
          </Button>
        </HStack>
      </ReviewCard>
    );
  }
  if (data.status !== 'completed') {
    return (
      <ReviewCard>
        <Heading as="h1" fontSize="2xl">
          Nog even geduld
        </Heading>
        <Text color="fg.muted">
          Je kunt {artistName} beoordelen zodra het optreden op {dutchDateTime(data.starts_at)} is geweest en als afgerond in Podium staat.
        </Text>
        <BackToBookings />
      </ReviewCard>
    );
  }
  const checkin = checkinState(data.checkin, now);
  if (checkin === 'open' || checkin === 'reported') {
    return (
      <ReviewCard>
        <Heading as="h1" fontSize="2xl">
          {checkin === 'open' ? 'Eerst een vraag over het optreden' : 'Je melding wordt bekeken'}
        </Heading>
        <Text color="fg.muted">
          {checkin === 'open'
            ? `Laat eerst weten of het optreden van ${artistName} op ${dutchDateTime(data.starts_at)} is doorgegaan; daarna kun je een review schrijven.`
            : `Je hebt een probleem gemeld over het optreden van ${artistName}. Zodra we je melding hebben afgehandeld, kun je een review schrijven.`}
        </Text>
        <Button asChild colorPalette="brand" rounded="full" alignSelf="flex-start">
          <Link to={`/bookings?tab=afgelopen&booking=${data.id}`}>{checkin === 'open' ? 'Laat het ons weten' : 'Naar je boeking'}</Link>
        </Button>
      </ReviewCard>
    );
  }
  return (
    <ReviewCard>
      <Stack gap="1">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
          Hoe was {artistName}?
        </Heading>
        <Text color="fg.muted">{bookingLine(data)}</Text>
      </Stack>
      <ReviewForm booking={data} onSaved={() => setEditing(false)} />
    </ReviewCard>
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
        <LoadError subject="Je boekingen" plural={true} onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <ReviewCard>
          <Text>Je hebt geen afgeronde boekingen die nog op een review wachten.</Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand" rounded="full">
              <Link to="/reviews/customer">Mijn reviews</Link>
            </Button>
            <BackToBookings />
          </HStack>
        </ReviewCard>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {bookings.data.map((booking) => (
            <Box as="li" key={booking.id}>
              <ReviewCard>
                <Text fontWeight="700">{booking.artist?.name ?? 'Artiest'}</Text>
                <Text color="fg.muted">{bookingLine(booking)}</Text>
                <Button asChild colorPalette="brand" rounded="full" alignSelf="flex-start">
                  <Link to={`/reviews/booking/${booking.id}`}>Beoordeel {booking.artist?.name ?? 'deze boeking'}</Link>
                </Button>
              </ReviewCard>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
