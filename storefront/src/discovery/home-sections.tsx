// The data parts of the home page, loaded after its first paint: the search, a row of
// artist cards per hero category, the marketplace's real figures and the latest news. Each part brings its own
// QueryProvider and sits in a frame of fixed size that HomePage draws at once (no layout shift).
import { Box, Button, Grid, Heading, Image, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { dutchDateOfMoment, dutchInteger } from '@podium/shared/dutch';
import { responsiveImage } from '@podium/shared/images';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../app/query.tsx';
import { heroCategoryCardsQuery, latestNewsQuery, marketplaceFiguresQuery, prefetchedArtistCardsQuery, type NewsTeaser } from '../data/discovery.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { env } from '../env.ts';
import { ArtistCard } from '../marketplace/ArtistCard.tsx';
import { HomeSearch as Search } from './HomeSearch.tsx';
import { CardRowSkeleton, NewsCardsSkeleton, newsGrid, rowCardSize } from './skeletons.tsx';

function RetryNotice({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Stack align="center" justify="center" gap="3" h="full" minH="40" rounded="2xl" borderWidth="1px" borderStyle="dashed" bg="white" p="6" textAlign="center" role="alert">
      <Text color="fg.muted">{text}</Text>
      <Button size="sm" variant="outline" rounded="full" onClick={onRetry}>
        Opnieuw proberen
      </Button>
    </Stack>
  );
}

function CategoryRow({ category, label }: { category: string; label: string }) {
  const cards = useQuery(publicQueryOptions(heroCategoryCardsQuery(category)));
  if (cards.isPending) return <CardRowSkeleton />;
  if (cards.isLoadingError) return <RetryNotice text={`${label} konden niet worden geladen.`} onRetry={() => void cards.refetch()} />;
  if (cards.data.length === 0) {
    return (
      <Stack justify="center" h="full" minH="40" rounded="2xl" borderWidth="1px" borderStyle="dashed" bg="white" p="6">
        <Text color="fg.muted">In deze categorie staan nog geen artiesten. Bekijk alle artiesten voor meer keuze.</Text>
      </Stack>
    );
  }
  return (
    <Box
      as="ul"
      listStyleType="none"
      m="0"
      p="0"
      display="flex"
      gap="4"
      overflowX="auto"
      pb="3"
      scrollSnapType="x mandatory"
      scrollPaddingInline="1"
      css={{ scrollbarWidth: 'thin' }}
      data-testid={`home-row-${category}`}
    >
      {cards.data.map((artist) => (
        <Box as="li" key={artist.id} flexShrink={0} display="grid" scrollSnapAlign="start" {...rowCardSize}>
          <ArtistCard artist={artist} listName={`home_${category}`} />
        </Box>
      ))}
    </Box>
  );
}

/** SPEC 7.3 / 9: the 24 public cards prefetched from home: the first page of the artist list, ready before it opens. */
function PrefetchArtistCards() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(publicQueryOptions(prefetchedArtistCardsQuery()));
  }, [queryClient]);
  return null;
}

export function HomeCategoryRow(props: { category: string; label: string }) {
  return (
    <QueryProvider>
      <CategoryRow category={props.category} label={props.label} />
    </QueryProvider>
  );
}

/** The what / where / when search at the top of home (its place suggestions need the query client). */
export function HomeSearch() {
  return (
    <QueryProvider>
      <Search />
    </QueryProvider>
  );
}

/** The 24-card prefetch on its own: it does not wait for the first row to come into view. */
export function HomePrefetch() {
  return (
    <QueryProvider>
      <PrefetchArtistCards />
    </QueryProvider>
  );
}

function Figures({ render }: { render: (figures: { artists: string; reviews: string } | null) => ReactNode }) {
  const figures = useQuery(publicQueryOptions(marketplaceFiguresQuery()));
  // Figures are a garnish: on an error the section keeps its words and leaves the numbers out.
  return <>{render(figures.data ? { artists: dutchInteger(figures.data.artists), reviews: dutchInteger(figures.data.reviews) } : null)}</>;
}

export function HomeFigures(props: { render: (figures: { artists: string; reviews: string } | null) => ReactNode }) {
  return (
    <QueryProvider>
      <Figures {...props} />
    </QueryProvider>
  );
}

function NewsCard({ article }: { article: NewsTeaser }) {
  const image = responsiveImage({ supabaseUrl: env.supabaseUrl, bucket: 'news-covers', path: article.cover_path, preset: 'large' });
  return (
    <LinkBox as="article" bg="white" rounded="2xl" borderWidth="1px" overflow="hidden" h="full" transition="box-shadow 0.2s" _hover={{ shadow: 'lg' }} _focusWithin={{ shadow: 'lg' }}>
      <Box aspectRatio="16 / 10" bg="ink.100" overflow="hidden">
        {image && <Image src={image.src} srcSet={image.srcSet} sizes={image.sizes} width={500} height={500} alt="" loading="lazy" decoding="async" objectFit="cover" w="full" h="full" />}
      </Box>
      <Stack gap="2" p="5" h="44" overflow="hidden">
        {article.published_at && (
          <Text asChild fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="0.08em" color="brand.700">
            <time dateTime={article.published_at}>{dutchDateOfMoment(article.published_at)}</time>
          </Text>
        )}
        <Heading as="h3" fontSize="lg" fontWeight="700" lineClamp={2} lineHeight="1.3">
          <LinkOverlay asChild>
            <Link to={`/news/${encodeURIComponent(article.slug)}`}>{article.title}</Link>
          </LinkOverlay>
        </Heading>
        <Text color="fg.muted" fontSize="sm" lineClamp={3}>
          {article.excerpt}
        </Text>
      </Stack>
    </LinkBox>
  );
}

function LatestNews() {
  const news = useQuery(publicQueryOptions(latestNewsQuery()));
  if (news.isPending) return <NewsCardsSkeleton />;
  if (news.isLoadingError) return <RetryNotice text="Het nieuws kon niet worden geladen." onRetry={() => void news.refetch()} />;
  if (news.data.length === 0) return <Text color="fg.muted">Er is nog geen nieuws. Kijk binnenkort nog eens.</Text>;
  return (
    <Grid {...newsGrid} as="ul" listStyleType="none" m="0" p="0">
      {news.data.map((article) => (
        <Box as="li" key={article.slug}>
          <NewsCard article={article} />
        </Box>
      ))}
    </Grid>
  );
}

export function HomeLatestNews() {
  return (
    <QueryProvider>
      <LatestNews />
    </QueryProvider>
  );
}
