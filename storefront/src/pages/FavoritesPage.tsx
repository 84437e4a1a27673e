// Favourites (/favorites): the hearted artists as cards. A guest's hearts live on this
// device, a user's in the account (merged at login, see favorites-store.ts); the heart on each
// card removes it. They are the shortlist too: 'Vergelijk' picks up to three (compare-selection.ts)
// for the side-by-side compare view. Not for search engines (noindex).
import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { emptySearchContext, recallSearchContext } from '../discovery/search-context.ts';
import { canCompare, comparePath, keepFavorites, maxCompared, selectionText, toggleCompared, tooFewMessage } from '../favorites/compare-selection.ts';
import { useToday } from '../platform/today.ts';
import { useApp, useSessionState } from '../app/app-context.tsx';
import { favoriteArtistsQuery } from '../data/discovery.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { ArtistCardSkeleton } from '../discovery/skeletons.tsx';
import { useFavoriteIds } from '../favorites/use-favorites.ts';
import { HeartIcon } from '@podium/shared/ui/icons';
import { ArtistCard } from '../marketplace/ArtistCard.tsx';
import { PageMeta } from '../seo/PageMeta.tsx';

/** Favourites are personal: nothing to prerender. */
export const prerenderQueries = () => [];

const noSubscription = () => () => {};
const gridColumns = { base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' };

export default function FavoritesPage() {
  const ids = useFavoriteIds();
  const session = useSessionState();
  const app = useApp();
  // The device's list is known only in the browser; until mounted, show the skeleton (the server has none).
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const favorites = useQuery({ ...publicQueryOptions(favoriteArtistsQuery(ids)), enabled: mounted && ids.length > 0, placeholderData: keepPreviousData });
  // A removed heart disappears at once, before the refetch.
  const shown = (favorites.data ?? []).filter((artist) => ids.includes(artist.id));
  const loading = !mounted || (ids.length > 0 && favorites.isPending);
  const today = useToday();
  const [picked, setPicked] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A favourite removed with its heart leaves the comparison too.
  const compared = keepFavorites(picked, ids);
  const pick = (artistId: string) => {
    const result = toggleCompared(compared, artistId);
    setPicked(result.selected);
    setRefusal(result.refused);
  };
  const compareHref = canCompare(compared) ? comparePath(compared, mounted ? recallSearchContext(window.sessionStorage, today) : emptySearchContext) : null;

  return (
    <>
      <PageMeta title="Mijn favorieten" description="De artiesten die je hebt bewaard op Podium." path="/favorites" noindex />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={{ base: '6', md: '10' }} pb={{ base: '10', md: '16' }}>
        <Stack gap="2" mb={{ base: '5', md: '8' }}>
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800" letterSpacing="-0.02em">
            Mijn favorieten
          </Heading>
          <Text color="fg.muted" minH="1lh">
            {mounted && ids.length > 0 ? (ids.length === 1 ? '1 bewaarde artiest.' : `${ids.length} bewaarde artiesten.`) : 'Bewaar artiesten met het hartje en vergelijk ze hier.'}
            {mounted && session.status === 'no-user' && ids.length > 0 && (
              <>
                {' '}
                Ze staan op dit apparaat.{' '}
                <Button variant="plain" colorPalette="brand" p="0" h="auto" verticalAlign="baseline" textDecoration="underline" onClick={() => app.openLogin()}>
                  Log in
                </Button>{' '}
                om ze in je account te bewaren.
              </>
            )}
          </Text>
        </Stack>

        {loading ? (
          <Grid templateColumns={gridColumns} gap={{ base: '3', md: '5' }} role="status" aria-busy="true" aria-label="Favorieten laden">
            {Array.from({ length: Math.min(Math.max(ids.length, 4), 8) }, (_, index) => (
              <ArtistCardSkeleton key={index} />
            ))}
          </Grid>
        ) : favorites.isError ? (
          <Stack align="center" gap="3" py="12" px="6" textAlign="center" bg="white" rounded="2xl" borderWidth="1px" role="alert">
            <Heading as="h2" fontSize="lg">
              Je favorieten konden niet worden geladen
            </Heading>
            <Button colorPalette="brand" rounded="full" onClick={() => void favorites.refetch()}>
              Opnieuw proberen
            </Button>
          </Stack>
        ) : shown.length === 0 ? (
          <Stack align="center" gap="4" py={{ base: '12', md: '16' }} px="6" textAlign="center" bg="white" rounded="2xl" borderWidth="1px" data-testid="favorites-empty">
            <Box rounded="full" bg="brand.50" color="brand.600" p="4">
              <HeartIcon size={28} />
            </Box>
            <Heading as="h2" fontSize="xl" fontWeight="800">
              Nog geen favorieten
            </Heading>
            <Text color="fg.muted" maxW="md">
              Tik op het hartje bij een artiest om die hier te bewaren. Zo vergelijk je later rustig je favorieten voor je feest.
            </Text>
            <Button asChild colorPalette="brand" rounded="full" size="lg">
              <Link to="/artists">Ontdek artiesten</Link>
            </Button>
          </Stack>
        ) : (
          <>
            <Grid as="ul" listStyleType="none" m="0" p="0" templateColumns={gridColumns} gap={{ base: '3', md: '5' }} data-testid="favorite-artists">
              {shown.map((artist) => (
                <Box as="li" key={artist.id} display="grid" gridTemplateRows="1fr auto" gap="2">
                  <ArtistCard artist={artist} listName="favorites" />
                  <HStack asChild gap="2" px="1" minH="8" fontSize="sm" fontWeight="600" cursor="pointer" data-testid="compare-toggle">
                    <label>
                      {/* A native checkbox: React keeps it as chosen, also when a fourth is refused. */}
                      <Box asChild w="4" h="4" accentColor="brand.600" cursor="pointer" flexShrink={0}>
                        <input type="checkbox" checked={compared.includes(artist.id)} onChange={() => pick(artist.id)} />
                      </Box>
                      <span>
                        Vergelijk
                        <Box as="span" srOnly>
                          {' '}
                          {artist.name}
                        </Box>
                      </span>
                    </label>
                  </HStack>
                </Box>
              ))}
            </Grid>
            <CompareBar count={compared.length} href={compareHref} refusal={refusal} />
          </>
        )}
      </Container>
    </>
  );
}

/** Sticks to the bottom of the screen (above the phone's bottom bar) while the favourites scroll. */
function CompareBar({ count, href, refusal }: { count: number; href: string | null; refusal: string | null }) {
  return (
    <Box
      position="sticky"
      bottom={{ base: 'calc(4rem + env(safe-area-inset-bottom))', lg: '4' }}
      mt="5"
      zIndex="docked"
      bg="white"
      borderWidth="1px"
      rounded="2xl"
      shadow="lg"
      px={{ base: '4', md: '5' }}
      py="3"
      data-testid="compare-bar"
      // The floating contact button keeps off this bar (it would cover the compare button).
      data-keep-clear=""
    >
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Stack gap="0.5" minW="0" flex="1">
          <Text fontWeight="700" fontSize="sm" aria-live="polite">
            {selectionText(count)}
          </Text>
          {refusal ? (
            <Text role="alert" fontSize="sm" color="red.700" data-testid="compare-refusal">
              {refusal}
            </Text>
          ) : (
            count === 1 && (
              <Text fontSize="sm" color="fg.muted">
                {tooFewMessage}
              </Text>
            )
          )}
        </Stack>
        {href ? (
          <Button asChild colorPalette="brand" rounded="full" data-testid="open-compare">
            <Link to={href}>Vergelijk ({count})</Link>
          </Button>
        ) : (
          <Button colorPalette="brand" rounded="full" disabled data-testid="open-compare">
            Vergelijk ({count}/{maxCompared})
          </Button>
        )}
      </HStack>
    </Box>
  );
}
