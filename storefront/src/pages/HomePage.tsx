// Home (/). The hero paints at once, without data: the heading, the search entry and the
// hero categories of SPEC 9. Below the fold, frames of fixed size hold a row of artist cards per
// hero category (public-artist-cards, SPEC 7.3, which also prefetches the 24 cards of the artist
// list), how booking works, why Podium can be trusted with real figures, and the latest news.
// Their data parts load after first paint into those frames, so nothing moves.
import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { categoryLabels } from '@podium/shared/categories';
import { heroCategories, type HeroCategory } from '@podium/shared/constants';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useApp, useSessionState } from '../app/app-context.tsx';
import { heroCategoryCardsQuery, latestNewsQuery, marketplaceFiguresQuery } from '../data/discovery.ts';
import type { PublicQuery } from '../data/public-query.ts';
import { CardRowSkeleton, NewsCardsSkeleton } from '../discovery/skeletons.tsx';
import { AfterFirstPaint } from '../layout/AfterFirstPaint.tsx';
import { NearViewport } from '../layout/NearViewport.tsx';
import { CalendarIcon, CompassIcon, MessageIcon, ShieldIcon, StarIcon } from '@podium/shared/ui/icons';
import { organizationJsonLd, PageMeta } from '../seo/PageMeta.tsx';

const homeSections = () => import('../discovery/home-sections.tsx');
const HomeCategoryRow = lazy(() => homeSections().then((module) => ({ default: module.HomeCategoryRow })));
const HomeFigures = lazy(() => homeSections().then((module) => ({ default: module.HomeFigures })));
const HomeLatestNews = lazy(() => homeSections().then((module) => ({ default: module.HomeLatestNews })));
const HomePrefetch = lazy(() => homeSections().then((module) => ({ default: module.HomePrefetch })));
const HomeSearch = lazy(() => homeSections().then((module) => ({ default: module.HomeSearch })));

/** What the build's prerender fetches for the first render of home: the category rows, the figures and the news. */
export function prerenderQueries(): PublicQuery<unknown>[] {
  return [...heroCategories.map((category) => heroCategoryCardsQuery(category)), marketplaceFiguresQuery(), latestNewsQuery()];
}

const rowIntros: Record<HeroCategory, string> = {
  bekende: 'Namen die iedereen kent, voor een avond die niemand vergeet.',
  bands: 'Live bands die de dansvloer vanaf het eerste nummer vullen.',
  acts: 'Goochelaars, walking acts en shows die je gasten verrassen.',
  international: 'Artiesten met een internationale carrière en repertoire.',
  huwelijk: 'Van ceremonie tot laatste dans: artiesten die bruiloften kennen.',
  bedrijfsfeest: 'Voor personeelsfeesten, jubilea en relatie-events.',
};

const steps = [
  { icon: CompassIcon, title: 'Zoek en vergelijk', text: 'Filter op soort act, datum, plaats en budget. Bekijk video’s, prijzen en reviews.' },
  { icon: MessageIcon, title: 'Stem af met de artiest', text: 'Stel je vragen rechtstreeks aan de artiest en kies het pakket dat bij je feest past.' },
  { icon: ShieldIcon, title: 'Boek en betaal veilig', text: 'Je betaalt via Podium. Het geld gaat pas naar de artiest als het optreden doorgaat.' },
  { icon: StarIcon, title: 'Geniet en beoordeel', text: 'Na het feest schrijf je een review, zodat de volgende klant weet wat hij kan verwachten.' },
];

const promises = [
  { icon: ShieldIcon, title: 'Betaling beschermd', text: 'Je betaling staat veilig tot het optreden is bevestigd. Gaat het niet door, dan krijg je je geld terug.' },
  { icon: StarIcon, title: 'Echte reviews', text: 'Alleen klanten die via Podium hebben geboekt en het optreden hebben gehad, kunnen een review schrijven.' },
  { icon: MessageIcon, title: 'Direct contact', text: 'Stel je vragen rechtstreeks aan de artiest, voor en na je boeking.' },
  { icon: CalendarIcon, title: 'Snel geregeld', text: 'Zie meteen wie er op jouw datum beschikbaar is.' },
];

const sectionPadding = { base: '12', md: '16' };

function SectionHeading({ id, title, intro, link }: { id: string; title: string; intro?: string; link?: { to: string; label: string } }) {
  return (
    <HStack justify="space-between" align="end" gap="4" mb="5">
      <Stack gap="1" minW="0">
        <Heading as="h2" id={id} fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800" letterSpacing="-0.02em">
          {title}
        </Heading>
        {intro && (
          <Text color="fg.muted" fontSize={{ base: 'sm', md: 'md' }} lineClamp={{ base: 2, md: 1 }} minH={{ base: '2lh', md: '1lh' }}>
            {intro}
          </Text>
        )}
      </Stack>
      {link && (
        <Button asChild size="sm" variant="ghost" colorPalette="brand" flexShrink={0} rounded="full">
          <Link to={link.to}>{link.label}</Link>
        </Button>
      )}
    </HStack>
  );
}

/** A data part: a light skeleton in the frame until after first paint, then the lazily loaded part. */
function Deferred({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <AfterFirstPaint fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </AfterFirstPaint>
  );
}

/** 'Gratis account' for guests: the only part of home that follows the session, so a session change re-renders just this. */
function GuestSignupButton() {
  const session = useSessionState();
  const app = useApp();
  if (session.status !== 'no-user') return null;
  return (
    <Button size="xl" variant="outline" rounded="full" color="white" borderColor="whiteAlpha.500" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => app.openSignup()}>
      Gratis account
    </Button>
  );
}

export default function HomePage() {
  return (
    <>
      <PageMeta
        title="Podium · Live artiesten boeken voor je bruiloft of bedrijfsfeest"
        description="Boek bands, DJ's, duo's en acts voor je bruiloft of bedrijfsfeest. Vergelijk prijzen en echte reviews, zie wie er op jouw datum kan en betaal veilig."
        path="/"
        jsonLd={[organizationJsonLd()]}
      />
      <Box
        as="section"
        position="relative"
        overflow="hidden"
        color="white"
        pt={{ base: '28', md: '36' }}
        pb={{ base: '16', md: '24' }}
        bg="ink.950"
        backgroundImage="radial-gradient(circle at 20% 20%, rgba(239, 122, 69, 0.55), transparent 45%), radial-gradient(circle at 85% 10%, rgba(155, 134, 165, 0.45), transparent 40%), linear-gradient(160deg, #251d2a 0%, #150f19 70%)"
      >
        <Container maxW="7xl" px={{ base: '4', md: '6' }} position="relative">
          <Stack gap="6" maxW="3xl">
            <Text textTransform="uppercase" letterSpacing="0.18em" fontSize="xs" fontWeight="700" color="brand.200">
              Live muziek · DJ&apos;s · Bands · Acts
            </Text>
            <Heading as="h1" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.05" fontWeight="800" letterSpacing="-0.03em">
              Boek de perfecte live artiest voor jouw feest
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.800" maxW="2xl">
              Van de eerste dans tot de laatste plaat: vind bands, DJ&apos;s en acts voor je bruiloft of bedrijfsfeest, vergelijk eerlijke reviews en betaal veilig.
            </Text>
          </Stack>
          {/* What / where / when, right after first paint, in a frame of its size (nothing moves). */}
          <Box my="8" minH={{ base: '316px', md: '186px', lg: '106px' }} maxW="6xl">
            <Deferred fallback={null}>
              <HomeSearch />
            </Deferred>
          </Box>
          <Stack gap="6" maxW="3xl" align="start">
            <GuestSignupButton />
            <HStack gap="2" flexWrap="wrap" pt="2" as="nav" aria-label="Categorieën">
              {heroCategories.map((category) => (
                <Button key={category} asChild size="sm" variant="outline" rounded="full" color="white" borderColor="whiteAlpha.400" _hover={{ bg: 'whiteAlpha.200' }}>
                  <Link to={`/artists?category=${category}`}>{categoryLabels[category]}</Link>
                </Button>
              ))}
            </HStack>
          </Stack>
        </Container>
      </Box>

      <Deferred fallback={null}>
        <HomePrefetch />
      </Deferred>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={sectionPadding}>
        {heroCategories.map((category) => (
          <Box as="section" key={category} aria-labelledby={`row-${category}`} mb={{ base: '8', md: '10' }}>
            <SectionHeading id={`row-${category}`} title={categoryLabels[category]} intro={rowIntros[category]} link={{ to: `/artists?category=${category}`, label: 'Bekijk alle' }} />
            {/* The frame: one row of fixed-size cards (see rowCardSize) plus room for the scroll bar. */}
            <Box minH={{ base: '372px', md: '420px' }}>
              {/* Six rows of ten cards: each renders as the visitor scrolls near it, not all at start-up. */}
              <NearViewport fallback={<CardRowSkeleton />}>
                <Suspense fallback={<CardRowSkeleton />}>
                  <HomeCategoryRow category={category} label={categoryLabels[category]} />
                </Suspense>
              </NearViewport>
            </Box>
          </Box>
        ))}
      </Container>

      <Box as="section" bg="white" borderYWidth="1px" py={sectionPadding} aria-labelledby="how-heading">
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <SectionHeading id="how-heading" title="Zo werkt boeken via Podium" />
          <Grid as="ol" listStyleType="none" m="0" p="0" templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="5">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <Stack as="li" key={title} gap="3" p="5" rounded="2xl" bg="bg.subtle">
                <HStack gap="3">
                  <Box rounded="full" bg="brand.600" color="white" w="8" h="8" display="grid" placeItems="center" fontWeight="800" fontSize="sm" aria-hidden="true">
                    {index + 1}
                  </Box>
                  <Box color="brand.600">
                    <Icon size={22} />
                  </Box>
                </HStack>
                <Heading as="h3" fontSize="lg" fontWeight="700">
                  {title}
                </Heading>
                <Text color="fg.muted">{text}</Text>
              </Stack>
            ))}
          </Grid>
        </Container>
      </Box>

      <Container as="section" maxW="7xl" px={{ base: '4', md: '6' }} py={sectionPadding} aria-labelledby="promises-heading">
        <SectionHeading id="promises-heading" title="Waarom boeken via Podium?" />
        <Deferred fallback={<FiguresStrip figures={null} />}>
          <HomeFigures render={(figures) => <FiguresStrip figures={figures} />} />
        </Deferred>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="5">
          {promises.map(({ icon: Icon, title, text }) => (
            <Stack key={title} gap="3" bg="white" rounded="2xl" borderWidth="1px" p="6">
              <Box color="brand.600">
                <Icon size={26} />
              </Box>
              <Heading as="h3" fontSize="lg" fontWeight="700">
                {title}
              </Heading>
              <Text color="fg.muted">{text}</Text>
            </Stack>
          ))}
        </Grid>
      </Container>

      <Container as="section" maxW="7xl" px={{ base: '4', md: '6' }} pb={sectionPadding} aria-labelledby="news-heading">
        <SectionHeading id="news-heading" title="Laatste nieuws" link={{ to: '/news', label: 'Alle nieuws' }} />
        <Deferred fallback={<NewsCardsSkeleton />}>
          <HomeLatestNews />
        </Deferred>
      </Container>
    </>
  );
}

/** The real counts (approved artists, reviews after a real booking); a fixed-height strip, numbers greyed until known. */
function FiguresStrip({ figures }: { figures: { artists: string; reviews: string } | null }) {
  const items = [
    { value: figures?.artists, label: 'goedgekeurde artiesten' },
    { value: figures?.reviews, label: 'reviews na een echte boeking' },
    { value: '100%', label: 'van de reviews geverifieerd' },
  ];
  return (
    <Grid as="dl" templateColumns="repeat(3, 1fr)" gap={{ base: '2', md: '5' }} mb="6" rounded="2xl" bg="ink.950" color="white" p={{ base: '4', md: '6' }} data-testid="home-figures">
      {items.map(({ value, label }) => (
        <Stack key={label} gap="0.5" textAlign="center">
          <Text as="dt" order={2} fontSize={{ base: 'xs', md: 'sm' }} color="whiteAlpha.800" lineClamp={2} minH="2lh">
            {label}
          </Text>
          <Text as="dd" order={1} m="0" fontSize={{ base: '2xl', md: '4xl' }} fontWeight="800" lineHeight="1.2" h="1.2em">
            {value ?? <Box as="span" display="inline-block" w="12" h="0.9em" rounded="md" bg="whiteAlpha.300" role="status" aria-label="Laden" />}
          </Text>
        </Stack>
      ))}
    </Grid>
  );
}
