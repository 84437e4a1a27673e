// The artist list (/artiesten and /artists), backed by search_artists. Every filter, the
// sort, the view and the page live in the address (artist-filters.ts): a search can be shared and
// the back button walks back through it. Wide screens keep the filters beside the results; phones
// get them in a sheet whose button shows the count before applying.
import { Box, Button, Container, Grid, Heading, HStack, IconButton, Stack, Text, Wrap } from '@chakra-ui/react';
import { categoryLabels } from '@podium/shared/categories';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { artistSearchQuery, prefetchedArtistCardsQuery, type ArtistSearchResult, type SearchSuggestion } from '../data/discovery.ts';
import type { PublicQuery } from '../data/public-query.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import {
  activeNarrowingFilters,
  artistFiltersToParams,
  artistSorts,
  defaultFilters,
  pageSize,
  parseArtistFilters,
  sortLabels,
  withFilters,
  withoutFilter,
  type ArtistFilters,
} from '../discovery/artist-filters.ts';
import { artistCountText, filterChipText, loosenText } from '../discovery/artist-list-texts.ts';
import { ArtistSearchBox } from '../discovery/ArtistSearchBox.tsx';
import { FilterPanel } from '../discovery/FilterPanel.tsx';
import { NativeSelect } from '@podium/shared/ui/NativeSelect';
import { usePlaceName } from '../discovery/PlacePicker.tsx';
import { rememberSearchContext, searchContextFromListParams, type SearchContext } from '../discovery/search-context.ts';
import { ArtistCardSkeleton } from '../discovery/skeletons.tsx';
import { CloseIcon, FilterIcon, GridIcon, ListIcon } from '@podium/shared/ui/icons';
import { ArtistCard } from '../marketplace/ArtistCard.tsx';
import { Breadcrumbs } from '../content/Breadcrumbs.tsx';
import { Pager } from '../content/Pager.tsx';
import { artistPath, type ArtistCardData } from '../marketplace/artist-cards.ts';
import { track } from '../platform/analytics.ts';
import { useToday } from '../platform/today.ts';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { skipUntilNear } from '../layout/skip-until-near.ts';

const FilterSheet = lazy(() => import('../discovery/FilterSheet.tsx'));

/** What the build's prerender fetches: the first page for the address's filters. */
export function prerenderQueries(_params: Record<string, string | undefined> = {}, searchParams: URLSearchParams = new URLSearchParams()): PublicQuery<unknown>[] {
  return [artistSearchQuery(parseArtistFilters(searchParams))];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const isPlainList = (filters: ArtistFilters) => activeNarrowingFilters(filters).length === 0 && filters.sort === 'recommended' && filters.page === 1;

function useArtistFilters() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const filters = useMemo(() => parseArtistFilters(params), [params]);
  // A change is made to the filters in the address as it is now, not as the page last rendered
  // them: two changes in quick succession (a radius, then Enter in the guests field) both stay,
  // though the page had not yet rendered the first when the second came.
  const setFilters = useCallback(
    (next: ArtistFilters | ((current: ArtistFilters) => ArtistFilters), options: { replace?: boolean } = {}) => {
      const resolved = typeof next === 'function' ? next(parseArtistFilters(new URLSearchParams(window.location.search))) : next;
      const search = artistFiltersToParams(resolved).toString();
      void navigate({ pathname, search: search ? `?${search}` : '' }, { replace: options.replace ?? false, preventScrollReset: true });
    },
    [navigate, pathname],
  );
  return { filters, setFilters };
}

export default function ArtistListPage() {
  const { filters, setFilters } = useArtistFilters();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sheetOpen, setSheetOpen] = useState(false);
  const resultsRef = useRef<HTMLDivElement>(null);
  const placeName = usePlaceName(filters.placeId);
  const today = useToday();

  // The date, place and guests of this search go with a card to the artist page and the booking
  // form, and are remembered for the tab (pages reached without them in the address use them).
  const searchParamsText = artistFiltersToParams(filters).toString();
  const context = useMemo(() => searchContextFromListParams(new URLSearchParams(searchParamsText), today), [searchParamsText, today]);
  useEffect(() => rememberSearchContext(window.sessionStorage, context), [context]);

  const results = useQuery({
    ...publicQueryOptions(artistSearchQuery(filters)),
    // Between searches the previous results stay (dimmed); the plain list starts from the 24 cards home prefetched.
    placeholderData: (previous: ArtistSearchResult | undefined) => {
      if (previous) return previous;
      const prefetched = isPlainList(filters) ? queryClient.getQueryData<ArtistCardData[]>(prefetchedArtistCardsQuery().queryKey) : undefined;
      return prefetched ? { artists: prefetched, total: -1, capped: false } : undefined;
    },
  });
  const data = results.data;
  const settled = results.isSuccess && !results.isPlaceholderData;

  const apply = (change: Partial<ArtistFilters>) => setFilters((current) => withFilters(current, change));

  // A page past the last one (an old link): back to the first page of the same search.
  useEffect(() => {
    if (settled && data && data.artists.length === 0 && filters.page > 1) setFilters((current) => ({ ...current, page: 1 }), { replace: true });
  }, [settled, data, filters, setFilters]);

  // Analytics: the list seen, and a text search with what it found.
  const trackedKey = useRef('');
  useEffect(() => {
    if (!settled || !data) return;
    const key = JSON.stringify(artistFiltersToParams({ ...filters, view: 'grid' }).toString());
    if (trackedKey.current === key) return;
    trackedKey.current = key;
    track('view_item_list', { category_name: filters.category ?? 'alle', results_count: data.total });
    if (filters.query) track('search', { search_term: filters.query, results_count: data.total });
  }, [settled, data, filters]);

  const pageHref = (page: number) => {
    const search = artistFiltersToParams({ ...filters, page }).toString();
    return `${pathname}${search ? `?${search}` : ''}`;
  };
  const goToPage = (page: number) => {
    setFilters((current) => ({ ...current, page }));
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const pick = (suggestion: SearchSuggestion) => {
    if (suggestion.kind === 'artist') {
      track('search', { search_term: suggestion.label, results_count: 1 });
      void navigate(artistPath(suggestion.slug));
    } else if (suggestion.kind === 'genre') apply({ genre: suggestion.label, query: null });
    else apply({ placeId: suggestion.placeId, query: null });
  };

  const categoryLabel = filters.category ? categoryLabels[filters.category] : null;
  const title = categoryLabel ? `${categoryLabel} boeken` : 'Artiesten boeken';
  const active = activeNarrowingFilters(filters);
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Artiesten', path: pathname },
    ...(filters.category && categoryLabel ? [{ name: categoryLabel, path: `${pathname}?category=${filters.category}` }] : []),
  ];
  const totalPages = data && data.total > 0 ? Math.ceil(data.total / pageSize) : 0;

  return (
    <>
      <PageMeta
        title={title}
        description={`${categoryLabel ? `${categoryLabel} voor je feest` : 'Bands, DJ’s, duo’s en acts voor je feest'}: vergelijk prijzen en echte reviews, filter op datum, plaats en budget en boek veilig via Podium.`}
        path={filters.category ? `/artists?category=${filters.category}` : '/artists'}
        jsonLd={[breadcrumbJsonLd(trail)]}
        noindex={active.some((filter) => filter !== 'category') || filters.page > 1}
      />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={{ base: '5', md: '8' }} pb={{ base: '10', md: '16' }}>
        <Breadcrumbs trail={trail} mb="3" />
        <Stack gap="4" mb={{ base: '5', md: '8' }}>
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800" letterSpacing="-0.02em">
            {categoryLabel ?? 'Alle artiesten'}
          </Heading>
          <Box maxW="2xl">
            <ArtistSearchBox query={filters.query} onSearch={(text) => apply({ query: text || null })} onPick={pick} />
          </Box>
        </Stack>

        <Grid templateColumns={{ base: '1fr', lg: '280px 1fr' }} gap={{ base: '4', lg: '8' }} alignItems="start">
          <Box as="aside" aria-label="Filters" display={{ base: 'none', lg: 'block' }} position="sticky" top="24" bg="white" rounded="2xl" borderWidth="1px" p="5">
            <Heading as="h2" fontSize="lg" fontWeight="800" mb="4">
              Filters
            </Heading>
            <FilterPanel filters={filters} onChange={apply} />
          </Box>

          <Box as="section" aria-labelledby="results-heading" ref={resultsRef} scrollMarginTop="24" minW="0">
            <HStack justify="space-between" gap="3" mb="3" flexWrap="wrap">
              <Heading as="h2" id="results-heading" fontSize="lg" fontWeight="700" aria-live="polite" data-testid="result-count" minW="32">
                {data && data.total >= 0 ? (
                  capitalise(artistCountText(data.total, data.capped))
                ) : (
                  <Box as="span" display="inline-block" w="32" h="5" bg="ink.100" rounded="md" role="status" aria-label="Aantal laden" />
                )}
              </Heading>
              <HStack gap="2" w={{ base: 'full', sm: 'auto' }}>
                <Button display={{ base: 'inline-flex', lg: 'none' }} flexShrink={0} variant="outline" rounded="full" size="sm" onClick={() => setSheetOpen(true)} data-testid="open-filters">
                  <FilterIcon size={16} /> Filters{active.length > 0 ? ` (${active.length})` : ''}
                </Button>
                <Box flex={{ base: '1', sm: 'none' }} minW="0" w={{ sm: '52' }}>
                  <NativeSelect label="Sorteren" value={filters.sort} onChange={(value) => apply({ sort: value as ArtistFilters['sort'] })}>
                    {artistSorts
                      .filter((sort) => sort !== 'distance' || filters.placeId !== null)
                      .map((sort) => (
                        <option key={sort} value={sort}>
                          {sortLabels[sort]}
                        </option>
                      ))}
                  </NativeSelect>
                </Box>
                <HStack gap="0" borderWidth="1px" rounded="lg" bg="white" role="group" aria-label="Weergave" flexShrink={0}>
                  <IconButton
                    aria-label="Als raster"
                    aria-pressed={filters.view === 'grid'}
                    size="sm"
                    variant={filters.view === 'grid' ? 'subtle' : 'ghost'}
                    onClick={() => setFilters((current) => ({ ...current, view: 'grid' }), { replace: true })}
                  >
                    <GridIcon size={18} />
                  </IconButton>
                  <IconButton
                    aria-label="Als lijst"
                    aria-pressed={filters.view === 'list'}
                    size="sm"
                    variant={filters.view === 'list' ? 'subtle' : 'ghost'}
                    onClick={() => setFilters((current) => ({ ...current, view: 'list' }), { replace: true })}
                  >
                    <ListIcon size={18} />
                  </IconButton>
                </HStack>
              </HStack>
            </HStack>

            {active.length > 0 && (
              <Wrap gap="2" mb="4" data-testid="active-filters">
                {active.map((filter) => (
                  <Button
                    key={filter}
                    size="xs"
                    rounded="full"
                    variant="subtle"
                    colorPalette="brand"
                    onClick={() => setFilters((current) => withoutFilter(current, filter))}
                    aria-label={`Filter verwijderen: ${filterChipText(filter, filters, placeName)}`}
                  >
                    {filterChipText(filter, filters, placeName)} <CloseIcon size={12} />
                  </Button>
                ))}
                <Button size="xs" rounded="full" variant="ghost" onClick={() => setFilters((current) => ({ ...defaultFilters, sort: current.sort, view: current.view }))}>
                  Alles wissen
                </Button>
              </Wrap>
            )}

            <ArtistResults
              filters={filters}
              data={data}
              loading={results.isPending}
              stale={results.isFetching && results.isPlaceholderData}
              error={results.isError && !data}
              onRetry={() => void results.refetch()}
              onLoosen={(filter) => setFilters((current) => withoutFilter(current, filter))}
              onClear={() => setFilters((current) => ({ ...defaultFilters, view: current.view }))}
              context={context}
            />

            {totalPages > 1 && (
              <Box mt="8">
                <Pager page={filters.page} pageCount={totalPages} href={pageHref} onPage={goToPage} summary={`Pagina ${filters.page} van ${totalPages}${data?.capped ? '+' : ''}`} />
              </Box>
            )}
          </Box>
        </Grid>
      </Container>
      {sheetOpen && (
        <Suspense fallback={null}>
          <FilterSheet
            open={sheetOpen}
            filters={filters}
            onClose={() => setSheetOpen(false)}
            onApply={(next) => {
              setSheetOpen(false);
              setFilters(next);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

interface ArtistResultsProps {
  filters: ArtistFilters;
  data: ArtistSearchResult | undefined;
  loading: boolean;
  stale: boolean;
  error: boolean;
  onRetry: () => void;
  onLoosen: (filter: ReturnType<typeof activeNarrowingFilters>[number]) => void;
  onClear: () => void;
  /** The search's date, place and guests, for the cards' links. */
  context?: SearchContext;
}

const gridColumns = { base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' };

/** The results: cards, a skeleton while loading, the empty state (with a way to loosen) or the error with a retry. */
export function ArtistResults({ filters, data, loading, stale, error, onRetry, onLoosen, onClear, context }: ArtistResultsProps) {
  const list = filters.view === 'list';
  if (error) {
    return (
      <Stack align="center" gap="3" py="12" px="6" textAlign="center" bg="white" rounded="2xl" borderWidth="1px" role="alert" data-testid="results-error">
        <Heading as="h3" fontSize="lg">
          De artiesten konden niet worden geladen
        </Heading>
        <Text color="fg.muted">Controleer je internetverbinding en probeer het opnieuw.</Text>
        <Button colorPalette="brand" rounded="full" onClick={onRetry}>
          Opnieuw proberen
        </Button>
      </Stack>
    );
  }
  if (loading || !data) {
    return (
      <Grid templateColumns={list ? '1fr' : gridColumns} gap={{ base: '3', md: '5' }} role="status" aria-busy="true" aria-label="Artiesten laden">
        {Array.from({ length: list ? 6 : 8 }, (_, index) => (
          <ArtistCardSkeleton key={index} layout={list ? 'list' : 'grid'} />
        ))}
      </Grid>
    );
  }
  if (data.artists.length === 0) {
    const active = activeNarrowingFilters(filters);
    return (
      <Stack align="center" gap="4" py="12" px="6" textAlign="center" bg="white" rounded="2xl" borderWidth="1px" data-testid="results-empty">
        <Heading as="h3" fontSize="lg">
          Geen artiesten gevonden
        </Heading>
        <Text color="fg.muted" maxW="md">
          {active.length > 0 ? 'Met deze filters vinden we niemand. Laat er één los en zie wie er wel kan.' : 'Er staan nog geen artiesten op Podium. Kijk binnenkort nog eens.'}
        </Text>
        {active.length > 0 && (
          <Wrap justify="center" gap="2">
            {active.map((filter) => (
              <Button key={filter} size="sm" variant="outline" rounded="full" onClick={() => onLoosen(filter)}>
                {loosenText[filter]}
              </Button>
            ))}
            <Button size="sm" colorPalette="brand" rounded="full" onClick={onClear}>
              Alle filters wissen
            </Button>
          </Wrap>
        )}
      </Stack>
    );
  }
  return (
    <Grid
      as="ul"
      listStyleType="none"
      m="0"
      p="0"
      templateColumns={list ? '1fr' : gridColumns}
      gap={{ base: '3', md: '5' }}
      opacity={stale ? 0.6 : 1}
      transition="opacity 0.2s"
      data-testid="artist-results"
    >
      {data.artists.map((artist, index) => (
        <Box as="li" key={artist.id} display="grid" {...(index >= 4 ? skipUntilNear(list ? 140 : { base: 300, md: 420 }) : undefined)}>
          <ArtistCard artist={artist} layout={list ? 'list' : 'grid'} priority={index < 4} listName="search" context={context} />
        </Box>
      ))}
    </Grid>
  );
}
