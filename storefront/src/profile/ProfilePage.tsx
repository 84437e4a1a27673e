// 'Mijn profiel' (/profile, SPEC 2.1): who the user is (photo or initials, name,
// e-mail and whether it is confirmed, with the resend for an unconfirmed one, phone, member
// since), their BANDS balance, a summary of their bookings (upcoming, done, the next gig) and
// reviews, and the way to 'Profiel bewerken'. Artists also find their dashboard here.
import { Badge, Box, Button, chakra, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { dutchCents, dutchDateOfMoment, dutchDateTime } from '@podium/shared/dutch';
import { messages } from '@podium/shared/messages';
import { formatDutchPhone } from '@podium/shared/phone';
import type { Profile } from '@podium/shared/session';
import { toast } from '@podium/shared/toast';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { loadBackend } from '../app/services.ts';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { PageFrame } from '../content/PageFrame.tsx';
import { SectionCard } from '../content/SectionCard.tsx';
import { customerBookingsQuery } from '../data/bookings.ts';
import { privateQueryOptions } from '../data/private-query.ts';
import { myProfileQuery, myReviewCountQuery } from '../data/profile.ts';
import { CalendarIcon, CheckIcon, CoinsIcon, MusicIcon, StarIcon } from '@podium/shared/ui/icons';
import { artistDashboardPath } from '../layout/nav-rules.ts';
import { UserAvatar } from '../layout/UserAvatar.tsx';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { avatarInitials, bookingSummary, fullName } from './profile-summary.ts';

const trail = [
  { name: 'Home', path: '/' },
  { name: 'Mijn profiel', path: '/profile' },
];

const roleLabels: Record<string, string> = { customer: 'Klant', artist: 'Artiest', admin: 'Beheerder' };

export default function ProfilePage() {
  const session = useSessionState();
  const sessionProfile = session.status === 'ready' ? session.profile : undefined;
  // The session's profile shows at once; the page's own read brings what changed since login.
  const profile = useQuery({ ...privateQueryOptions(myProfileQuery()), placeholderData: sessionProfile });

  return (
    <>
      <PageMeta title="Mijn profiel" description="Je gegevens, BANDS-tegoed, boekingen en reviews op Podium." path="/profile" noindex jsonLd={[breadcrumbJsonLd(trail)]} />
      <PageFrame
        trail={trail}
        title="Mijn profiel"
        action={
          <Button asChild colorPalette="brand" rounded="full">
            <Link to="/profile/edit">Profiel bewerken</Link>
          </Button>
        }
      >
        {profile.data ? (
          <>
            <IdentityCard profile={profile.data} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '5' }}>
              <BandsCard cents={profile.data.bands_balance_cents} />
              <ReviewsCard />
              <Box gridColumn={{ md: 'span 2' }}>
                <BookingsCard />
              </Box>
              {(profile.data.role === 'artist' || profile.data.role === 'admin') && (
                <Box gridColumn={{ md: 'span 2' }}>
                  <ArtistCard />
                </Box>
              )}
            </SimpleGrid>
          </>
        ) : profile.isError ? (
          <LoadError subject="Je gegevens" plural={true} onRetry={() => void profile.refetch()} />
        ) : (
          <SkeletonBlock h="16rem" />
        )}
      </PageFrame>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <chakra.dt fontSize="sm" color="fg.muted">
        {label}
      </chakra.dt>
      <chakra.dd m="0" fontWeight="600" overflowWrap="anywhere">
        {children}
      </chakra.dd>
    </Stack>
  );
}

function IdentityCard({ profile }: { profile: Profile }) {
  const session = useSessionState();
  const user = session.status === 'ready' ? session.user : null;
  const email = profile.email ?? user?.email ?? '';
  const name = fullName(profile.first_name, profile.last_name);
  const pendingEmail = user?.new_email;
  return (
    <Stack
      as="section"
      aria-labelledby="profile-name"
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: '5', md: '7' }}
      bg="white"
      borderWidth="1px"
      rounded="2xl"
      p={{ base: '5', md: '7' }}
      align={{ base: 'flex-start', sm: 'center' }}
      data-testid="profile-identity"
    >
      <UserAvatar path={profile.avatar_path} initials={avatarInitials(profile.first_name, profile.last_name, email)} size={112} />
      <Stack gap="4" flex="1" minW="0">
        <Stack gap="1">
          <Heading as="h2" id="profile-name" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800" data-testid="profile-name">
            {name ?? 'Naam nog niet ingevuld'}
          </Heading>
          <Text color="fg.muted">{roleLabels[profile.role] ?? profile.role}</Text>
        </Stack>
        <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="4" m="0">
          <Fact label="E-mailadres">
            <Text as="span" data-testid="profile-email">
              {email}
            </Text>
            <Box mt="1.5">
              <VerificationStatus verified={profile.email_verified} email={email} />
            </Box>
            {pendingEmail && (
              <Text fontSize="sm" fontWeight="normal" color="fg.muted" mt="1.5">
                Wacht op bevestiging: {pendingEmail}
              </Text>
            )}
          </Fact>
          <Fact label="Telefoonnummer">
            <Text as="span" data-testid="profile-phone" color={profile.phone ? undefined : 'fg.muted'} fontWeight={profile.phone ? undefined : 'normal'}>
              {profile.phone ? formatDutchPhone(profile.phone) : 'Niet ingevuld'}
            </Text>
          </Fact>
          <Fact label="Lid sinds">{dutchDateOfMoment(profile.created_at)}</Fact>
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

/** Confirmed, or not yet with the resend the verification pop-up offers (SPEC 2.13, 8.5). */
function VerificationStatus({ verified, email }: { verified: boolean; email: string }) {
  const [busy, setBusy] = useState(false);
  if (verified) {
    return (
      <Badge colorPalette="green" variant="subtle" rounded="full" px="2.5" gap="1" data-testid="email-verified">
        <CheckIcon size={14} />
        Bevestigd
      </Badge>
    );
  }
  return (
    <Stack gap="2" align="flex-start">
      <Badge colorPalette="red" variant="subtle" rounded="full" px="2.5" data-testid="email-unverified">
        Nog niet bevestigd
      </Badge>
      <Button
        size="xs"
        variant="outline"
        rounded="full"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            const result = await (await loadBackend()).authActions.resendVerificationFromPopup(email);
            if (result.toast) toast(result.toast);
          } finally {
            setBusy(false);
          }
        }}
      >
        {messages.labels.verificationRequestNew}
      </Button>
    </Stack>
  );
}

function BandsCard({ cents }: { cents: number }) {
  return (
    <SectionCard title="BANDS-tegoed" icon={<CoinsIcon size={20} />} labelledBy="profile-bands">
      <Stack gap="1">
        <Text fontSize="3xl" fontWeight="800" lineHeight="1" data-testid="profile-bands">
          {dutchCents(cents)}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Te besteden als korting op je volgende boeking.
        </Text>
      </Stack>
      <ChakraLink asChild color="brand.700" fontWeight="600" mt="auto">
        <Link to="/referral-bands/dashboard">Naar je BANDS Dashboard</Link>
      </ChakraLink>
    </SectionCard>
  );
}

function ReviewsCard() {
  const count = useQuery(privateQueryOptions(myReviewCountQuery()));
  return (
    <SectionCard title="Reviews" icon={<StarIcon size={20} />} labelledBy="profile-reviews">
      {count.isPending ? (
        <SkeletonBlock h="3rem" />
      ) : count.isError ? (
        <Text color="fg.muted">Je reviews konden niet worden geteld.</Text>
      ) : (
        <Text data-testid="profile-review-count">
          <Text as="span" fontSize="3xl" fontWeight="800" lineHeight="1">
            {count.data}
          </Text>{' '}
          {count.data === 1 ? 'review geschreven' : 'reviews geschreven'}
        </Text>
      )}
      <ChakraLink asChild color="brand.700" fontWeight="600" mt="auto">
        <Link to="/reviews/customer">Naar Mijn reviews</Link>
      </ChakraLink>
    </SectionCard>
  );
}

function BookingsCard() {
  const bookings = useQuery(privateQueryOptions(customerBookingsQuery()));
  const [now] = useState(() => new Date());
  const summary = bookings.data ? bookingSummary(bookings.data, now) : null;
  const next = summary?.next;
  return (
    <SectionCard title="Boekingen" icon={<CalendarIcon size={20} />} labelledBy="profile-bookings">
      {bookings.isPending ? (
        <SkeletonBlock h="6rem" />
      ) : !summary ? (
        <LoadError subject="Je boekingen" plural={true} onRetry={() => void bookings.refetch()} />
      ) : (
        <Stack gap="4">
          <SimpleGrid as="dl" columns={2} gap="4" m="0" maxW="sm" data-testid="profile-booking-counts">
            <Stack gap="0.5">
              <chakra.dt fontSize="sm" color="fg.muted">
                Gepland
              </chakra.dt>
              <chakra.dd m="0" fontSize="3xl" fontWeight="800" lineHeight="1" data-testid="profile-upcoming">
                {summary.upcoming}
              </chakra.dd>
            </Stack>
            <Stack gap="0.5">
              <chakra.dt fontSize="sm" color="fg.muted">
                Afgelopen
              </chakra.dt>
              <chakra.dd m="0" fontSize="3xl" fontWeight="800" lineHeight="1" data-testid="profile-completed">
                {summary.completed}
              </chakra.dd>
            </Stack>
          </SimpleGrid>
          {next ? (
            <Stack gap="1" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="xl" p="4" data-testid="profile-next-gig">
              <Text fontSize="sm" color="fg.muted">
                Eerstvolgende
              </Text>
              <HStack justify="space-between" gap="3" flexWrap="wrap">
                <Text fontWeight="700">{next.artist?.name ?? 'Artiest'}</Text>
                <BookingStatusBadge status={next.status} />
              </HStack>
              <Text color="ink.800">
                {dutchDateTime(next.starts_at)}
                {next.event_location ? ` · ${next.event_location}` : ''}
              </Text>
              <ChakraLink asChild color="brand.700" fontWeight="600" fontSize="sm">
                <Link to={`/bookings?booking=${next.id}`}>Bekijk deze boeking</Link>
              </ChakraLink>
            </Stack>
          ) : (
            <Text color="fg.muted">Je hebt geen optredens gepland.</Text>
          )}
        </Stack>
      )}
      <HStack gap="4" flexWrap="wrap" mt="auto">
        <ChakraLink asChild color="brand.700" fontWeight="600">
          <Link to="/bookings">Naar Mijn boekingen</Link>
        </ChakraLink>
        {summary && summary.upcoming === 0 && (
          <ChakraLink asChild color="brand.700" fontWeight="600">
            <Link to="/artists">Vind een artiest</Link>
          </ChakraLink>
        )}
      </HStack>
    </SectionCard>
  );
}

function ArtistCard() {
  return (
    <SectionCard title="Je act op Podium" icon={<MusicIcon size={20} />} labelledBy="profile-artist">
      <Text color="fg.muted">Beheer je boekingen, agenda en profielpagina in het artiestendashboard.</Text>
      {/* The artist portal is another app on this origin: a full page load. */}
      <Button asChild colorPalette="brand" variant="outline" rounded="full" alignSelf="flex-start">
        <a href={artistDashboardPath}>{messages.labels.artistDashboard}</a>
      </Button>
    </SectionCard>
  );
}
