// The compare view (/favorites/vergelijken?ids=a,b,c&date=&place=): two or three favourite acts
// side by side — photo and name, the one 'from' price, packages, rating and reviews, the
// distance from the chosen place and whether each is free on the chosen date. The date and place
// come from the address or the remembered search, and can be set here (the address follows, the
// search is remembered for the tab). Each act links to its page with that context. On a phone the
// columns scroll sideways while the row names stay put. Personal: never prerendered, noindex.
import { Box, Button, Container, Heading, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { imagePresets, responsiveImage } from '@podium/shared/images';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { compareActsQuery, type ComparedAct } from '../data/compare.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { formatFilterDate } from '../discovery/artist-list-texts.ts';
import { PlacePicker, usePlaceName } from '../discovery/PlacePicker.tsx';
import { artistPagePath, emptySearchContext, recallSearchContext, rememberSearchContext, type SearchContext } from '../discovery/search-context.ts';
import { env } from '../env.ts';
import { ArrowLeftIcon, StarIcon } from '@podium/shared/ui/icons';
import { formatDistance, formatPrice, formatRating, fromPrice, reviewCountText, starColor } from '../marketplace/artist-cards.ts';
import { formatDuration } from '../artist-page/pricing.ts';
import { useToday } from '../platform/today.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { comparePath, dayAfter, maxCompared, minCompared, readCompareAddress, readCompareDate, tooFewMessage } from './compare-selection.ts';

/** Personal: nothing to prerender. */
export const prerenderQueries = () => [];

const noSubscription = () => () => {};
const recalled = (today: string): SearchContext => (typeof window === 'undefined' ? emptySearchContext : recallSearchContext(window.sessionStorage, today));

export default function ComparePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const today = useToday();
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const remembered = mounted ? recalled(today) : emptySearchContext;
  const address = readCompareAddress(params, today, remembered);
  const { ids, context } = address;
  const placeName = usePlaceName(context.placeId);
  const acts = useQuery({ ...publicQueryOptions(compareActsQuery(ids, context.placeId, context.date)), enabled: mounted && ids.length > 0 });

  const choose = (change: Partial<Pick<SearchContext, 'date' | 'placeId'>>) => {
    const next = { ...context, ...change };
    rememberSearchContext(window.sessionStorage, { ...remembered, ...next });
    void navigate(comparePath(ids, next), { replace: true, preventScrollReset: true });
  };
  const linkContext: SearchContext = { ...remembered, ...context };
  const shown = acts.data ?? [];

  return (
    <>
      <PageMeta title="Favorieten vergelijken" description="Vergelijk je favoriete artiesten naast elkaar." path="/favorites/vergelijken" noindex />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={{ base: '5', md: '8' }} pb={{ base: '10', md: '16' }}>
        <Stack gap="3" mb={{ base: '5', md: '6' }}>
          <Button asChild variant="plain" colorPalette="brand" p="0" h="auto" alignSelf="start" fontWeight="600">
            <Link to="/favorites">
              <ArrowLeftIcon size={16} /> Terug naar favorieten
            </Link>
          </Button>
          <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} fontWeight="800" letterSpacing="-0.02em">
            Favorieten vergelijken
          </Heading>
          <Text color="fg.muted">Kies je datum en plaats: dan zie je wie er kan en hoe ver ze moeten reizen.</Text>
        </Stack>

        <ContextControls date={context.date} placeId={context.placeId} today={today} onChange={choose} />

        {address.tooMany && (
          <Text role="status" mt="4" p="3" bg="orange.50" rounded="lg" fontSize="sm">
            Je kunt hoogstens {maxCompared} artiesten tegelijk vergelijken; we tonen de eerste {maxCompared}.
          </Text>
        )}

        <Box mt={{ base: '5', md: '8' }}>
          {!mounted || (ids.length > 0 && acts.isPending) ? (
            <Box role="status" aria-busy="true" aria-label="Vergelijking laden" h="64" bg="ink.100" rounded="2xl" />
          ) : acts.isError ? (
            <Stack align="center" gap="3" py="12" px="6" textAlign="center" bg="white" rounded="2xl" borderWidth="1px" role="alert">
              <Heading as="h2" fontSize="lg">
                De vergelijking kon niet worden geladen
              </Heading>
              <Button colorPalette="brand" rounded="full" onClick={() => void acts.refetch()}>
                Opnieuw proberen
              </Button>
            </Stack>
          ) : shown.length < minCompared ? (
            <Stack align="center" gap="3" py="12" px="6" textAlign="center" bg="white" rounded="2xl" borderWidth="1px" data-testid="compare-empty">
              <Heading as="h2" fontSize="lg">
                {shown.length === 0 ? 'Nog niets om te vergelijken' : 'Nog één artiest nodig'}
              </Heading>
              <Text color="fg.muted">{tooFewMessage} Vink ze aan bij je favorieten.</Text>
              <Button asChild colorPalette="brand" rounded="full">
                <Link to="/favorites">Naar je favorieten</Link>
              </Button>
            </Stack>
          ) : (
            <>
              {shown.length < ids.length && (
                <Text role="status" mb="3" fontSize="sm" color="fg.muted">
                  {ids.length - shown.length === 1 ? 'Eén artiest staat niet meer op Podium en is weggelaten.' : 'Een paar artiesten staan niet meer op Podium en zijn weggelaten.'}
                </Text>
              )}
              <CompareTable acts={shown} date={context.date} placeName={context.placeId !== null ? (placeName ?? 'de gekozen plaats') : null} linkContext={linkContext} />
            </>
          )}
        </Box>
      </Container>
    </>
  );
}

function ContextControls({
  date,
  placeId,
  today,
  onChange,
}: {
  date: string | null;
  placeId: number | null;
  today: string;
  onChange: (change: Partial<Pick<SearchContext, 'date' | 'placeId'>>) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Box as="fieldset" border="0" m="0" p={{ base: '4', md: '5' }} bg="white" rounded="2xl" borderWidth="1px" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" minW="0">
      <Box as="legend" srOnly>
        Datum en plaats
      </Box>
      <Stack gap="1.5">
        <Text asChild fontSize="sm" fontWeight="700">
          <label htmlFor={`${id}-date`}>Datum van je feest</label>
        </Text>
        <Input
          id={`${id}-date`}
          type="date"
          bg="white"
          min={dayAfter(today)}
          value={date ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-date-error` : undefined}
          onChange={(event) => {
            const read = readCompareDate(event.target.value, today);
            if ('error' in read) {
              setError(read.error);
              return;
            }
            setError(null);
            onChange({ date: read.date });
          }}
        />
        {error && (
          <Text id={`${id}-date-error`} role="alert" fontSize="sm" color="red.700">
            {error}
          </Text>
        )}
      </Stack>
      <Stack gap="1.5">
        <Text fontSize="sm" fontWeight="700">
          Plaats van je feest
        </Text>
        <PlacePicker placeId={placeId} onChange={(next) => onChange({ placeId: next })} />
      </Stack>
    </Box>
  );
}

const imageSize = imagePresets.thumbnail.desktop.size;

function CompareTable({ acts, date, placeName, linkContext }: { acts: ComparedAct[]; date: string | null; placeName: string | null; linkContext: SearchContext }) {
  const dateText = date ? formatFilterDate(date) : null;
  const rowHeader = (label: ReactNode) => (
    <Box
      asChild
      textAlign="left"
      verticalAlign="top"
      fontSize="sm"
      fontWeight="700"
      color="fg.muted"
      p="3"
      position="sticky"
      left="0"
      zIndex="1"
      bg="white"
      w={{ base: '24', md: '44' }}
      minW={{ base: '24', md: '44' }}
      borderRightWidth="1px"
    >
      <th scope="row">{label}</th>
    </Box>
  );
  // On a phone the names row scrolls away with the page: each cell names its act again.
  const cell = (content: ReactNode, act: ComparedAct) => (
    <Box as="td" key={act.id} p="3" verticalAlign="top" fontSize="sm" minW={{ base: '44', md: '56' }}>
      <Text display={{ base: 'block', md: 'none' }} fontSize="xs" fontWeight="700" color="fg.muted" lineClamp={1} mb="1" aria-hidden="true">
        {act.name}
      </Text>
      {content}
    </Box>
  );
  return (
    <Box overflowX="auto" bg="white" rounded="2xl" borderWidth="1px" data-testid="compare-table" tabIndex={0} aria-label="Vergelijking, schuif opzij voor meer artiesten" role="region">
      <Box as="table" w="full" css={{ borderCollapse: 'separate', borderSpacing: 0, '& thead tr > *, & tbody tr:not(:last-of-type) > *': { borderBottomWidth: '1px' } }}>
        <Box as="caption" srOnly>
          Je favorieten naast elkaar: prijs, pakketten, beoordeling, afstand en of ze vrij zijn
        </Box>
        <thead>
          <tr>
            {rowHeader(
              <Box as="span" srOnly>
                Artiest
              </Box>,
            )}
            {acts.map((act) => {
              const image = responsiveImage({ supabaseUrl: env.supabaseUrl, bucket: 'artist-media', path: act.avatar_path ?? act.cover_path, preset: 'thumbnail' });
              return (
                <Box asChild key={act.id} p="3" textAlign="left" verticalAlign="top" minW={{ base: '44', md: '56' }}>
                  <th scope="col" data-testid="compare-act">
                    <Stack gap="2">
                      <Box w="16" h="16" rounded="xl" overflow="hidden" bg="ink.100" flexShrink={0}>
                        {image && <Image src={image.src} srcSet={image.srcSet} sizes="64px" htmlWidth={imageSize} htmlHeight={imageSize} alt="" objectFit="cover" w="full" h="full" />}
                      </Box>
                      <Heading as="h2" fontSize="md" fontWeight="800">
                        <Link to={artistPagePath(act.slug, linkContext)}>{act.name}</Link>
                      </Heading>
                      <Text fontSize="xs" fontWeight="400" color="fg.muted">
                        {[act.genre, act.city].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                  </th>
                </Box>
              );
            })}
          </tr>
        </thead>
        <tbody>
          <tr>
            {rowHeader('Prijs')}
            {acts.map((act) =>
              cell(
                <Text fontWeight="800" fontSize="md" data-testid="compare-price">
                  {act.from_price_cents !== null ? fromPrice(act.from_price_cents) : 'Prijs op aanvraag'}
                </Text>,
                act,
              ),
            )}
          </tr>
          <tr>
            {rowHeader('Pakketten')}
            {acts.map((act) =>
              cell(
                act.packages.length === 0 ? (
                  <Text color="fg.muted">Geen vaste pakketten</Text>
                ) : (
                  <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
                    {act.packages.map((pkg) => (
                      <li key={pkg.id}>
                        <Text fontWeight="600">{pkg.name}</Text>
                        <Text color="fg.muted">
                          {formatPrice(pkg.price_cents)} · {formatDuration(pkg.duration_minutes)}
                        </Text>
                      </li>
                    ))}
                  </Stack>
                ),
                act,
              ),
            )}
          </tr>
          <tr>
            {rowHeader('Beoordeling')}
            {acts.map((act) =>
              cell(
                act.review_count > 0 ? (
                  <HStack gap="1" data-testid="compare-rating">
                    <Box color={starColor} aria-hidden="true">
                      <StarIcon size={15} fill="currentColor" />
                    </Box>
                    <Text fontWeight="700">{formatRating(act.rating_avg)}</Text>
                    <Text color="fg.muted">({reviewCountText(act.review_count)})</Text>
                  </HStack>
                ) : (
                  <Text color="fg.muted" data-testid="compare-rating">
                    {reviewCountText(0)}
                  </Text>
                ),
                act,
              ),
            )}
          </tr>
          <tr>
            {rowHeader(placeName ? `Afstand tot ${placeName}` : 'Afstand')}
            {acts.map((act) =>
              cell(
                <Text data-testid="compare-distance" color={placeName && act.distance_km !== null ? undefined : 'fg.muted'}>
                  {!placeName ? 'Kies een plaats' : act.distance_km !== null ? formatDistance(act.distance_km) : 'Onbekend'}
                </Text>,
                act,
              ),
            )}
          </tr>
          <tr>
            {rowHeader(dateText ? `Vrij op ${dateText}` : 'Beschikbaar')}
            {acts.map((act) =>
              cell(
                <Text data-testid="compare-free" fontWeight={act.free_on_date === null ? '400' : '700'} color={act.free_on_date === null ? 'fg.muted' : act.free_on_date ? 'green.700' : 'red.700'}>
                  {act.free_on_date === null ? 'Kies een datum' : act.free_on_date ? 'Vrij' : 'Niet vrij'}
                </Text>,
                act,
              ),
            )}
          </tr>
          <tr>
            {rowHeader(
              <Box as="span" srOnly>
                Bekijken
              </Box>,
            )}
            {acts.map((act) =>
              cell(
                <Button asChild colorPalette="brand" rounded="full" size="sm">
                  <Link to={artistPagePath(act.slug, linkContext)} aria-label={`Bekijk en boek ${act.name}`}>
                    Bekijk en boek
                  </Link>
                </Button>,
                act,
              ),
            )}
          </tr>
        </tbody>
      </Box>
    </Box>
  );
}
