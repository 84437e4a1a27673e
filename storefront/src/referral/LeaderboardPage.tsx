// 'BANDS Leaderboard' (/referral-bands/leaderboard). SPEC 2.1 leaves open whether the route the
// navigation links to is declared; it is declared here as an open route. Signed-in users see both
// boards with their own position (SPEC 6: readable by signed-in users). Guests read what the
// leaderboard is and can log in; for them nothing is fetched (the boards are not anon's to read).
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { rememberPostLoginDestination } from '@podium/shared/auth-guard';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useApp, useSessionState } from '../app/app-context.tsx';
import { SkeletonBlock } from '@podium/shared/ui/LoadState';
import { PageFrame } from '../content/PageFrame.tsx';
import { CoinsIcon } from '@podium/shared/ui/icons';
import { TrophyIcon, UsersIcon } from './referral-icons.tsx';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { Leaderboards } from './Leaderboards.tsx';

const path = '/referral-bands/leaderboard';
const trail = [
  { name: 'Home', path: '/' },
  { name: 'BANDS Leaderboard', path },
];

export default function LeaderboardPage() {
  const session = useSessionState();
  const signedIn = session.status === 'ready' || session.status === 'no-profile';
  return (
    <>
      <PageMeta
        title="BANDS Leaderboard"
        description="Wie verdient de meeste BANDS en nodigt de meeste vrienden uit voor Podium? Bekijk de ranglijsten van het BANDS-programma."
        path={path}
        jsonLd={[breadcrumbJsonLd(trail)]}
      />
      <PageFrame
        trail={trail}
        title="BANDS Leaderboard"
        intro="Wie verdient de meeste BANDS en wie nodigt de meeste vrienden uit? De top 10 van Podium, met jouw eigen plek erbij."
        action={
          signedIn && (
            <Button asChild variant="outline" rounded="full">
              <Link to="/referral-bands/dashboard">Naar je BANDS Dashboard</Link>
            </Button>
          )
        }
      >
        {session.status === 'loading' ? (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '5' }} aria-busy="true">
            <SkeletonBlock h="24rem" rounded="2xl" />
            <SkeletonBlock h="24rem" rounded="2xl" />
          </SimpleGrid>
        ) : signedIn ? (
          <Leaderboards />
        ) : (
          <GuestIntro />
        )}
      </PageFrame>
    </>
  );
}

function GuestIntro() {
  const app = useApp();
  const logIn = () => {
    // The login brings them back here (SPEC 2.3's stored destination).
    rememberPostLoginDestination(window.sessionStorage, path);
    app.openLogin();
  };
  return (
    <Stack as="section" aria-labelledby="leaderboard-guest" gap="6" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }} data-testid="leaderboard-guest">
      <HStack gap="3">
        <Box rounded="xl" bg="brand.50" color="brand.700" p="2.5" flexShrink="0">
          <TrophyIcon size={22} />
        </Box>
        <Heading as="h2" id="leaderboard-guest" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800">
          Log in om de ranglijsten te zien
        </Heading>
      </HStack>
      <Text color="ink.800" maxW="2xl">
        Met het BANDS-programma nodig je vrienden uit voor Podium. Zij krijgen korting op hun boeking, jij verdient BANDS: tegoed dat je als korting gebruikt bij je volgende boeking. Op de
        leaderboards zie je wie het verst is.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Board icon={<CoinsIcon size={20} />} title="Meeste BANDS" text="Wie het hoogste BANDS-tegoed heeft verdiend." />
        <Board icon={<UsersIcon size={20} />} title="Meeste aanmeldingen" text="Wie de meeste vrienden via een eigen link liet aanmelden." />
      </SimpleGrid>
      <Text color="fg.muted" fontSize="sm">
        Op de ranglijsten staan alleen voornamen, de eerste letter van de achternaam en profielfoto's; nooit e-mailadressen of codes.
      </Text>
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="brand" rounded="full" onClick={logIn}>
          Inloggen
        </Button>
        <Button variant="outline" rounded="full" onClick={() => app.openSignup()}>
          Registreer gratis
        </Button>
      </HStack>
    </Stack>
  );
}

function Board({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack gap="2" bg="ink.50" rounded="xl" p="4">
      <HStack gap="2" color="brand.700">
        {icon}
        <Text as="h3" fontWeight="700" color="ink.900">
          {title}
        </Text>
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        {text}
      </Text>
    </Stack>
  );
}
