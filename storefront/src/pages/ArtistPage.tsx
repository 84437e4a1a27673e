// The public artist profile, /artists/{slug} (SPEC 1, 2.1): where a customer decides
// whom to book. Gallery, the act in a few words, bio, video and audio, packages with prices,
// availability, ratings and reviews, related acts; the booking card beside it on desktops and a
// booking bar on phones. Unknown or unapproved slugs get the not-found page.
import { Box, Button, Container, Flex, Grid, Heading, HStack, Link as ChakraLink, Stack, Text, Wrap } from '@chakra-ui/react';
import { categoryLabel } from '@podium/shared/categories';
import { instagramProfileUrl } from '@podium/shared/instagram-link';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AvailabilityCalendar } from '../artist-page/AvailabilityCalendar.tsx';
import { BookingPanel, MobileBookingBar, useBookingActions, type BookingSelection } from '../artist-page/BookingPanel.tsx';
import { amsterdamToday, monthOf, monthRange, type CalendarMonth } from '../artist-page/calendar.ts';
import { useToday } from '../platform/today.ts';
import { Gallery } from '../artist-page/Gallery.tsx';
import { galleryImages } from '../artist-page/gallery-images.ts';
import { MediaSection } from '../artist-page/MediaSection.tsx';
import { formatDuration, travelText } from '../artist-page/pricing.ts';
import { RatingSummary, ReviewList } from '../artist-page/Reviews.tsx';
import { Stars } from '../marketplace/Stars.tsx';
import { artistBreadcrumbJsonLd, artistBreadcrumbs, artistDescription, artistJsonLd } from '../artist-page/structured-data.ts';
import {
  artistBusyDatesQuery,
  artistMediaQuery,
  artistPackagesQuery,
  artistQuery,
  artistRatingCountsQuery,
  artistAspectAveragesQuery,
  artistReviewsQuery,
  relatedArtistsQuery,
  type ArtistPackage,
  type ArtistProfile,
} from '../data/artist-page.ts';
import { publicQueryOptions, type PublicQuery } from '../data/public-query.ts';
import { artistParams, recallSearchContext, rememberSearchContext, searchContextFromArtistParams, type SearchContext } from '../discovery/search-context.ts';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { Breadcrumbs } from '../content/Breadcrumbs.tsx';
import { FavoriteButton } from '../favorites/FavoriteButton.tsx';
import { InstagramIcon, MapPinIcon, MessageIcon } from '@podium/shared/ui/icons';
import { ArtistCard } from '../marketplace/ArtistCard.tsx';
import { formatPrice, formatRating, primaryCategory, reviewCountText } from '../marketplace/artist-cards.ts';
import { track } from '../platform/analytics.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { NearViewport } from '../layout/NearViewport.tsx';
import { skipUntilNear, type EstimatedHeight } from '../layout/skip-until-near.ts';

/** What the first render needs, for the build's prerender (see data/public-query.ts). */
export function prerenderQueries(params: Record<string, string | undefined>): PublicQuery<unknown>[] {
  const slug = params.slug ?? '';
  const { from, to } = monthRange(monthOf(amsterdamToday()));
  return [
    artistQuery(slug),
    artistPackagesQuery(slug),
    artistMediaQuery(slug),
    artistReviewsQuery(slug, 0),
    artistRatingCountsQuery(slug),
    artistAspectAveragesQuery(slug),
    artistBusyDatesQuery(slug, from, to),
    relatedArtistsQuery(slug),
  ];
}

export default function ArtistPage() {
  const slug = useParams().slug ?? '';
  const artist = useQuery(publicQueryOptions(artistQuery(slug)));
  if (artist.isPending) return <ArtistPageSkeleton />;
  // An error replaces only a first load that failed (isLoadingError): when a refresh of what the
  // visitor is already reading fails (the prerendered or cached answer), the page stays as it was.
  // The page's sections and the home page's rows follow the same rule.
  if (artist.isLoadingError) {
    return (
      <Container maxW="3xl" py="20">
        <Stack align="center" textAlign="center" gap="4" role="alert">
          <Heading as="h1" size="lg">
            Deze artiest kon niet worden geladen
          </Heading>
          <Text color="fg.muted">Controleer je internetverbinding en probeer het opnieuw.</Text>
          <Button colorPalette="brand" rounded="full" onClick={() => void artist.refetch()}>
            Opnieuw proberen
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!artist.data) {
    return (
      <>
        <PageMeta title="Artiest niet gevonden" description="Deze artiest bestaat niet (meer) op Podium." path={`/artists/${slug}`} noindex />
        <NotFoundPage />
      </>
    );
  }
  return <ArtistProfileView key={artist.data.id} artist={artist.data} />;
}

function ArtistProfileView({ artist }: { artist: ArtistProfile }) {
  const packagesQuery = useQuery(publicQueryOptions(artistPackagesQuery(artist.slug)));
  const mediaQuery = useQuery(publicQueryOptions(artistMediaQuery(artist.slug)));
  const packages = packagesQuery.data ?? [];
  const media = mediaQuery.data ?? [];
  const category = primaryCategory(artist);
  const images = galleryImages(artist, media);
  const today = useToday();
  const [params, setParams] = useSearchParams();

  // The choice of date and package lives in the address, so it survives the login dialog and a
  // shared link; so do the place and guests of the search that led here (search-context.ts).
  const context = searchContextFromArtistParams(params, today);
  const askedPackage = params.get('pakket');
  const selection: BookingSelection = {
    date: context.date,
    // Until the packages are in, the address's package stands: 'Boek nu' pressed before they
    // arrive takes it along (the booking form checks it), rather than booking without one.
    packageId: packagesQuery.data === undefined || packages.some((pkg) => pkg.id === askedPackage) ? askedPackage : (packages[0]?.id ?? null),
    placeId: context.placeId,
    guests: context.guests,
  };
  const select = (next: BookingSelection) => {
    const updated = new URLSearchParams(params);
    if (next.date) updated.set('datum', next.date);
    else updated.delete('datum');
    if (next.packageId) updated.set('pakket', next.packageId);
    else updated.delete('pakket');
    setParams(updated, { replace: true, preventScrollReset: true });
    // The date chosen here is the search's date from now on (another act opens on it too).
    if (next.date !== context.date) rememberSearchContext(window.sessionStorage, { ...context, date: next.date });
  };
  useAdoptRememberedSearch(context, params, setParams);
  const [chosenMonth, setMonth] = useState<CalendarMonth>(() => monthOf(selection.date ?? today));
  // A date that arrives or changes (the remembered search, the date field) brings its month into view.
  const [monthShownFor, setMonthShownFor] = useState(selection.date);
  if (monthShownFor !== selection.date) {
    setMonthShownFor(selection.date);
    if (selection.date) setMonth(monthOf(selection.date));
  }
  // Never a month before today's (hydrated in a later month than the build's, it moves on).
  const thisMonth = monthOf(today);
  const month = chosenMonth.year * 12 + chosenMonth.month < thisMonth.year * 12 + thisMonth.month ? thisMonth : chosenMonth;
  const actions = useBookingActions(artist);
  const mobilePanel = useRef<HTMLDivElement>(null);

  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === artist.id) return;
    tracked.current = artist.id;
    track('view_item', { artist_id: artist.id, artist_name: artist.name, ...(category ? { artist_category: category } : {}) });
  }, [artist.id, artist.name, category]);

  const cover = images[0]?.src ?? null;
  const travel = travelText(artist.city, artist.travel_radius_km);
  const favoriteTarget = { id: artist.id, name: artist.name, category };

  return (
    <>
      <PageMeta
        title={`${artist.name} boeken${artist.genre ? ` · ${artist.genre}` : ''}`}
        description={artistDescription(artist)}
        path={`/artists/${artist.slug}`}
        image={cover}
        type="profile"
        jsonLd={[artistJsonLd(artist, packages, cover), artistBreadcrumbJsonLd(artist)]}
      />
      <Container maxW="7xl" px={{ base: '0', md: '6' }} pt={{ base: '0', md: '6' }} pb={{ base: '28', lg: '16' }}>
        <Breadcrumbs trail={artistBreadcrumbs(artist)} display={{ base: 'none', md: 'block' }} mb="4" />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' }} gap={{ base: '0', lg: '10' }} alignItems="start">
          <Stack gap={{ base: '8', md: '10' }} minW="0">
            <Gallery images={images} artistName={artist.name} />

            {/* Phones: the photo first, edge to edge; wider screens: the name above the gallery. */}
            <Stack gap="3" px={{ base: '4', md: '0' }} order={{ base: 0, md: -1 }}>
              {category && (
                <Text fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="0.08em" color="brand.700">
                  {categoryLabel(category)}
                </Text>
              )}
              <Flex gap="3" align="start" justify="space-between">
                <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} lineHeight="1.1" letterSpacing="-0.02em">
                  {artist.name}
                </Heading>
                <HStack gap="2" flexShrink={0}>
                  <Box display={{ base: 'none', sm: 'block', lg: 'none' }}>
                    <Button variant="outline" rounded="full" size="sm" onClick={actions.message}>
                      <MessageIcon size={16} />
                      Bericht
                    </Button>
                  </Box>
                  <FavoriteButton artist={favoriteTarget} size="md" tone="plain" />
                </HStack>
              </Flex>
              <Wrap columnGap="4" rowGap="1" fontSize="sm" color="ink.800" align="center">
                {artist.review_count > 0 ? (
                  <ChakraLink href="#reviews" display="inline-flex" alignItems="center" gap="1.5" fontWeight="600" color="ink.900">
                    <Stars rating={artist.rating_avg} size={15} />
                    <span>{formatRating(artist.rating_avg)}</span>
                    <Text as="span" color="fg.muted" fontWeight="400">
                      ({reviewCountText(artist.review_count)})
                    </Text>
                  </ChakraLink>
                ) : (
                  <Text color="fg.muted">{reviewCountText(0)}</Text>
                )}
                {artist.genre && <Text>{artist.genre}</Text>}
                {travel && (
                  <HStack gap="1">
                    <MapPinIcon size={15} />
                    <Text>{travel}</Text>
                  </HStack>
                )}
                {artist.instagram_handle && (
                  <ChakraLink
                    href={instagramProfileUrl(artist.instagram_handle)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${artist.name} op Instagram: @${artist.instagram_handle} (opent in een nieuw tabblad)`}
                    display="inline-flex"
                    alignItems="center"
                    gap="1"
                    color="ink.900"
                    fontWeight="600"
                  >
                    <InstagramIcon size={15} />
                    <span>@{artist.instagram_handle}</span>
                  </ChakraLink>
                )}
              </Wrap>
              {artist.categories.length > 1 && (
                <Wrap gap="2" as="ul" listStyleType="none" aria-label="Categorieën">
                  {artist.categories.map((value) => (
                    <Box as="li" key={value} fontSize="xs" fontWeight="600" bg="ink.50" borderWidth="1px" borderColor="ink.100" color="ink.800" px="2.5" py="1" rounded="full">
                      {categoryLabel(value)}
                    </Box>
                  ))}
                </Wrap>
              )}
              <Box display={{ base: 'block', sm: 'none' }}>
                <Button variant="outline" rounded="full" size="sm" w="full" onClick={actions.message}>
                  <MessageIcon size={16} />
                  Stuur {artist.name} een bericht
                </Button>
              </Box>
            </Stack>

            <Section id="over" title={`Over ${artist.name}`}>
              <Bio text={artist.bio} name={artist.name} />
            </Section>

            {media.some((item) => item.kind !== 'image') && (
              <Section id="media" title="Video en muziek">
                <MediaSection media={media} artistName={artist.name} />
              </Section>
            )}

            <Section id="pakketten" title="Pakketten en prijzen" estimatedHeight={{ base: 480, md: 260 }}>
              <Packages
                artist={artist}
                packages={packages}
                loading={packagesQuery.isPending}
                failed={packagesQuery.isLoadingError}
                onRetry={() => void packagesQuery.refetch()}
                selectedId={selection.packageId}
                onChoose={(packageId) => {
                  select({ ...selection, packageId });
                  mobilePanel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              />
            </Section>

            <Section id="beschikbaarheid" title="Beschikbaarheid" estimatedHeight={{ base: 460, md: 500 }}>
              <Box bg="white" borderWidth="1px" rounded="2xl" p={{ base: '3', md: '5' }}>
                <AvailabilityCalendar slug={artist.slug} month={month} onMonthChange={setMonth} today={today} selectedDate={selection.date} onSelectDate={(date) => select({ ...selection, date })} />
              </Box>
            </Section>

            <Box ref={mobilePanel} id="boeken" display={{ base: 'block', lg: 'none' }} px={{ base: '4', md: '0' }} scrollMarginTop="20" {...skipUntilNear(650)}>
              {/* Below the fold on a phone: hydrated and committed on its own, as a Section's content. */}
              <Suspense fallback={null}>
                <BookingPanel artist={artist} packages={packages} selection={selection} onChange={select} today={today} />
              </Suspense>
            </Box>

            <Section id="reviews" title="Reviews" estimatedHeight={{ base: 1100, md: 900 }}>
              {artist.review_count > 0 ? (
                <Stack gap="5">
                  <RatingSummary slug={artist.slug} ratingAvg={artist.rating_avg} reviewCount={artist.review_count} />
                  <ReviewList slug={artist.slug} reviewCount={artist.review_count} />
                </Stack>
              ) : (
                <Box bg="white" borderWidth="1px" rounded="2xl" p="6" textAlign="center">
                  <Text fontWeight="700">{artist.name} heeft nog geen reviews</Text>
                  <Text fontSize="sm" color="fg.muted" mt="1">
                    Reviews komen alleen van klanten die via Podium boekten. Boek als eerste en deel je ervaring.
                  </Text>
                </Box>
              )}
              <Text fontSize="sm" color="fg.muted" mt="4">
                {artist.name} via Podium geboekt?{' '}
                <ChakraLink asChild color="brand.700" fontWeight="600" textDecoration="underline">
                  <Link to={`/review/artist/${artist.slug}`}>Schrijf een review</Link>
                </ChakraLink>
              </Text>
            </Section>
          </Stack>

          <Box display={{ base: 'none', lg: 'block' }} position="sticky" top="24">
            <BookingPanel artist={artist} packages={packages} selection={selection} onChange={select} today={today} />
          </Box>
        </Grid>

        {/* Eight more cards: rendered when the visitor scrolls near them, not while the page starts. */}
        <NearViewport fallback={<Box minH={{ base: '456px', md: '494px' }} mt={{ base: '12', md: '16' }} />}>
          <RelatedArtists artist={artist} />
        </NearViewport>
      </Container>
      <MobileBookingBar
        artist={artist}
        packages={packages}
        date={selection.date}
        today={today}
        // The form shows the calendar with the busy days, so the choice is made (or checked) there.
        onBook={() => actions.book(selection, packages)}
      />
    </>
  );
}

/**
 * An artist reached without the search in the address (from favourites, a card on the home page
 * or a landing page) still gets it: what the address lacks of date, place and guests is taken
 * from the search remembered for this tab, once, after the first render (a prerendered page
 * hydrates with its HTML first).
 */
function useAdoptRememberedSearch(context: SearchContext, params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const remembered = recallSearchContext(window.sessionStorage, amsterdamToday());
    const merged: SearchContext = { date: context.date ?? remembered.date, placeId: context.placeId ?? remembered.placeId, guests: context.guests ?? remembered.guests };
    if (merged.date === context.date && merged.placeId === context.placeId && merged.guests === context.guests) return;
    setParams(artistParams(merged, new URLSearchParams(params)), { replace: true, preventScrollReset: true });
  }, [context.date, context.placeId, context.guests, params, setParams]);
}

/**
 * A section of the profile; one that starts below the fold on a phone gives its usual height (see
 * skipUntilNear), and its content is a Suspense boundary of its own: hydrating a prerendered
 * page, React then commits it in a task of its own instead of in the one long commit of the page.
 */
function Section({ id, title, children, estimatedHeight }: { id: string; title: string; children: React.ReactNode; estimatedHeight?: EstimatedHeight }) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} px={{ base: '4', md: '0' }} scrollMarginTop="20" {...(estimatedHeight ? skipUntilNear(estimatedHeight) : undefined)}>
      <Heading as="h2" id={`${id}-title`} fontSize={{ base: 'xl', md: '2xl' }} mb="4" letterSpacing="-0.01em">
        {title}
      </Heading>
      {estimatedHeight ? <Suspense fallback={null}>{children}</Suspense> : children}
    </Box>
  );
}

function Bio({ text, name }: { text: string; name: string }) {
  const [expanded, setExpanded] = useState(false);
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <Text color="fg.muted">{name} heeft nog geen beschrijving toegevoegd.</Text>;
  const long = text.length > 600;
  return (
    <Stack gap="3">
      <Stack gap="3" color="ink.800" lineHeight="1.7" maxH={long && !expanded ? '48' : undefined} overflow="hidden" position="relative" id="bio-text">
        {paragraphs.map((paragraph, index) => (
          <Text key={index} whiteSpace="pre-line">
            {paragraph}
          </Text>
        ))}
        {long && !expanded && <Box position="absolute" insetX="0" bottom="0" h="16" bgGradient="to-b" gradientFrom="transparent" gradientTo="bg.subtle" />}
      </Stack>
      {long && (
        <Button variant="plain" alignSelf="start" px="0" color="brand.700" fontWeight="700" aria-expanded={expanded} aria-controls="bio-text" onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Minder lezen' : 'Lees meer'}
        </Button>
      )}
    </Stack>
  );
}

function Packages({
  artist,
  packages,
  loading,
  failed,
  onRetry,
  selectedId,
  onChoose,
}: {
  artist: ArtistProfile;
  packages: readonly ArtistPackage[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onChoose: (packageId: string) => void;
}) {
  if (loading) {
    return (
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4" aria-busy="true">
        {[0, 1].map((index) => (
          <Box key={index} h="44" bg="white" borderWidth="1px" rounded="2xl" />
        ))}
      </Grid>
    );
  }
  if (failed) {
    return (
      <Stack align="start" gap="2" p="4" bg="red.50" rounded="xl" role="alert">
        <Text fontSize="sm">De pakketten konden niet worden geladen.</Text>
        <Button size="sm" variant="outline" rounded="full" onClick={onRetry}>
          Opnieuw proberen
        </Button>
      </Stack>
    );
  }
  if (packages.length === 0) {
    return (
      <Box bg="white" borderWidth="1px" rounded="2xl" p="5">
        <Text fontWeight="700">Prijs op aanvraag</Text>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {artist.name} stelt het programma samen met jou. Stuur een bericht met je wensen.
        </Text>
      </Box>
    );
  }
  return (
    <Grid as="ul" listStyleType="none" templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4" data-testid="packages">
      {packages.map((pkg) => {
        const selected = pkg.id === selectedId;
        return (
          <Stack
            as="li"
            key={pkg.id}
            gap="3"
            bg="white"
            borderWidth={selected ? '2px' : '1px'}
            borderColor={selected ? 'brand.500' : 'border'}
            rounded="2xl"
            p={selected ? 'calc(1.25rem - 1px)' : '5'}
            data-testid="package"
          >
            <Flex justify="space-between" align="start" gap="3">
              <Heading as="h3" fontSize="md" fontWeight="700">
                {pkg.name}
              </Heading>
              <Text fontWeight="800" fontSize="lg" whiteSpace="nowrap" data-testid="package-price">
                {formatPrice(pkg.price_cents)}
              </Text>
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              {formatDuration(pkg.duration_minutes)} optreden
            </Text>
            {pkg.description && (
              <Text fontSize="sm" color="ink.800" flex="1">
                {pkg.description}
              </Text>
            )}
            <Button size="sm" rounded="full" variant={selected ? 'solid' : 'outline'} colorPalette="brand" alignSelf="start" aria-pressed={selected} onClick={() => onChoose(pkg.id)}>
              {selected ? 'Gekozen' : 'Kies dit pakket'}
              <Text as="span" srOnly>
                : {pkg.name}
              </Text>
            </Button>
          </Stack>
        );
      })}
    </Grid>
  );
}

function RelatedArtists({ artist }: { artist: ArtistProfile }) {
  const related = useQuery(publicQueryOptions(relatedArtistsQuery(artist.slug)));
  const category = primaryCategory(artist);
  if (related.isSuccess && related.data.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="related-title" mt={{ base: '12', md: '16' }} px={{ base: '4', md: '0' }}>
      <Flex justify="space-between" align="baseline" mb="4" gap="4">
        <Heading as="h2" id="related-title" fontSize={{ base: 'xl', md: '2xl' }}>
          {category ? `Meer ${categoryLabel(category).toLowerCase()}` : 'Vergelijkbare artiesten'}
        </Heading>
        <ChakraLink asChild fontSize="sm" fontWeight="700" color="brand.700">
          <Link to={category ? `/artists?category=${category}` : '/artists'}>Bekijk alles</Link>
        </ChakraLink>
      </Flex>
      {related.isLoadingError ? (
        <Text fontSize="sm" color="fg.muted">
          Vergelijkbare artiesten konden niet worden geladen.
        </Text>
      ) : (
        <Grid
          templateColumns={{ base: 'repeat(8, 70%)', sm: 'repeat(8, 42%)', md: 'repeat(4, minmax(0, 1fr))' }}
          gap="4"
          overflowX={{ base: 'auto', md: 'visible' }}
          scrollSnapType="x mandatory"
          pb="2"
          data-testid="related-artists"
        >
          {(related.data ?? Array.from({ length: 4 }, () => null)).slice(0, 8).map((card, index) =>
            card ? (
              <Box key={card.id} scrollSnapAlign="start" display={{ md: index >= 4 ? 'none' : 'block' }}>
                <ArtistCard artist={card} listName="related" />
              </Box>
            ) : (
              <Box key={index} aspectRatio="3 / 4.2" bg="white" borderWidth="1px" rounded="2xl" />
            ),
          )}
        </Grid>
      )}
    </Box>
  );
}

function ArtistPageSkeleton() {
  return (
    <Container maxW="7xl" px={{ base: '0', md: '6' }} pt={{ base: '0', md: '6' }} pb="16" aria-busy="true" aria-label="Artiest laden">
      <Box display={{ base: 'none', md: 'block' }} h="5" mb="4" />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' }} gap={{ base: '0', lg: '10' }}>
        <Stack gap="6">
          <Box aspectRatio={{ base: '4 / 3', md: '16 / 10' }} bg="ink.100" rounded={{ base: '0', md: '2xl' }} />
          <Stack gap="3" px={{ base: '4', md: '0' }}>
            <Box h="3" w="20" bg="ink.100" rounded="full" />
            <Box h="9" w="60%" bg="ink.100" rounded="lg" />
            <Box h="4" w="80%" bg="ink.100" rounded="full" />
          </Stack>
        </Stack>
        <Box display={{ base: 'none', lg: 'block' }} h="md" bg="white" borderWidth="1px" rounded="2xl" />
      </Grid>
    </Container>
  );
}
