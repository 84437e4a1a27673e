// Review an artist (SPEC 2.1: /review/artist/{slug}, linked from the artist page's reviews):
// reviews belong to bookings, so this screen lists the customer's bookings with the artist and
// leads to the one to review (or to the review already written). Without a completed booking it
// explains that only customers who booked the act through Podium can review it.
import { Badge, Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { bookingStatusLabel, bookingStatusPalettes, isBookingStatus } from '@podium/shared/booking-status';
import { useMinuteClock } from '@podium/shared/countdown';
import { dutchDateTime } from '@podium/shared/dutch';
import { reviewEditable } from '@podium/shared/reviews';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { privateQueryOptions } from '../data/private-query.ts';
import { artistToReviewQuery, type BookingToReview } from '../data/reviews.ts';
import { ShieldIcon } from '@podium/shared/ui/icons';
import { PageMeta } from '../seo/PageMeta.tsx';
import { ReviewCard } from './WrittenReviewView.tsx';

export default function ReviewArtistPage() {
  const { slug = '' } = useParams();
  const found = useQuery(privateQueryOptions(artistToReviewQuery(slug)));
  const name = found.data?.artist?.name;
  return (
    <>
      <PageMeta title={name ? `${name} beoordelen` : 'Artiest beoordelen'} description="Beoordeel een artiest die je via Podium boekte." path={`/review/artist/${slug}`} noindex />
      <Container maxW="2xl" px={{ base: '4', md: '6' }} pt={{ base: '6', md: '10' }} pb={{ base: '10', md: '16' }}>
        {found.isPending ? (
          <SkeletonBlock h="18rem" />
        ) : found.isError ? (
          <LoadError subject="Je boekingen" plural={true} onRetry={() => void found.refetch()} />
        ) : !found.data.artist ? (
          <ReviewCard>
            <Heading as="h1" fontSize="2xl">
              Deze artiest kunnen we niet vinden
            </Heading>
            <Text color="fg.muted">De link klopt niet, of de artiest staat niet (meer) op Podium.</Text>
            <Button asChild colorPalette="brand" rounded="full" alignSelf="flex-start">
              <Link to="/artists">Bekijk alle artiesten</Link>
            </Button>
          </ReviewCard>
        ) : (
          <Choice artist={found.data.artist} bookings={found.data.bookings} />
        )}
      </Container>
    </>
  );
}

function Choice({ artist, bookings }: { artist: { name: string; slug: string }; bookings: BookingToReview[] }) {
  const completed = bookings.filter((booking) => booking.status === 'completed');
  const coming = bookings.filter((booking) => ['pending', 'accepted', 'confirmed'].includes(booking.status));
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
          {artist.name} beoordelen
        </Heading>
        {completed.length > 0 && <Text color="fg.muted">Kies het optreden waarover je een review wilt schrijven.</Text>}
      </Stack>
      {completed.length === 0 ? (
        <ReviewCard data-testid="review-only-booked">
          <HStack gap="2" align="flex-start">
            <Box color="brand.700" pt="0.5">
              <ShieldIcon size={20} />
            </Box>
            <Text fontWeight="700">Alleen klanten die {artist.name} via Podium boekten, kunnen een review schrijven.</Text>
          </HStack>
          <Text color="fg.muted">
            Zo weet iedereen dat elke review van een echt optreden komt. Na het optreden sturen we je een e-mail met een link om je ervaring te delen.
            {coming.length > 0 ? ` Je optreden op ${dutchDateTime(coming[0]!.starts_at)} is nog niet geweest.` : ''}
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand" rounded="full">
              <Link to={`/artists/${artist.slug}`}>{coming.length > 0 ? `Terug naar ${artist.name}` : `Boek ${artist.name}`}</Link>
            </Button>
            <Button asChild variant="outline" rounded="full">
              <Link to="/bookings">Mijn boekingen</Link>
            </Button>
          </HStack>
        </ReviewCard>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {completed.map((booking) => (
            <Box as="li" key={booking.id}>
              <BookingChoice booking={booking} artistName={artist.name} />
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function BookingChoice({ booking, artistName }: { booking: BookingToReview; artistName: string }) {
  const when = dutchDateTime(booking.starts_at);
  const review = booking.review;
  const now = useMinuteClock();
  const editable = review ? reviewEditable(review.editable_until, now) : false;
  const [label, to] = !review
    ? ['Review schrijven', `/reviews/booking/${booking.id}`]
    : editable
      ? ['Review bewerken', `/reviews/booking/${booking.id}?bewerken=1`]
      : ['Bekijk je review', `/reviews/booking/${booking.id}`];
  return (
    <Stack gap="2" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} data-testid="review-choice">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontWeight="700">{when}</Text>
        <Badge colorPalette={review ? 'green' : isBookingStatus(booking.status) ? bookingStatusPalettes[booking.status] : 'gray'}>{review ? 'Beoordeeld' : bookingStatusLabel(booking.status)}</Badge>
      </HStack>
      <Text color="fg.muted">{[booking.event_type, booking.event_location].filter((part) => part?.trim()).join(' · ')}</Text>
      <Button asChild colorPalette={review ? undefined : 'brand'} variant={review ? 'outline' : 'solid'} rounded="full" alignSelf="flex-start" size="sm">
        <Link to={to} aria-label={`${label}: ${artistName}, ${when}`}>
          {label}
        </Link>
      </Button>
    </Stack>
  );
}
