// /news: published articles, newest first, nine to a page (?pagina=2); a nonsense page number
// means page 1, a page past the end says so and links back.
import { Box, Button, Container, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { newsListQuery, parseNewsPage } from '../../data/news.ts';
import { publicQueryOptions, type PublicQuery } from '../../data/public-query.ts';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { PageHero } from '../../content/PageHero.tsx';
import { Pager } from '../../content/Pager.tsx';
import { breadcrumbJsonLd, PageMeta } from '../../seo/PageMeta.tsx';
import { NewsCard } from './NewsCard.tsx';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Nieuws', path: '/news' },
];

export function prerenderQueries(_params: Record<string, string | undefined>, searchParams?: URLSearchParams): PublicQuery<unknown>[] {
  return [newsListQuery(parseNewsPage(searchParams?.get('pagina') ?? null))];
}

const pageHref = (page: number) => (page <= 1 ? '/news' : `/news?pagina=${page}`);

export default function NewsListPage() {
  const [searchParams] = useSearchParams();
  const page = parseNewsPage(searchParams.get('pagina'));
  const query = useQuery(publicQueryOptions(newsListQuery(page)));
  const data = query.data;
  return (
    <>
      <PageMeta
        title={page > 1 ? `Nieuws – pagina ${page}` : 'Nieuws'}
        description="Het laatste nieuws van Podium: tips voor je bruiloft of bedrijfsfeest, nieuwe artiesten en verhalen van het podium."
        path={pageHref(page)}
        jsonLd={[breadcrumbJsonLd(crumbs)]}
      />
      <PageHero title="Nieuws" intro="Tips voor je feest, nieuwe artiesten en verhalen achter de schermen." crumbs={crumbs} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        {query.isError && !data ? (
          <LoadError subject="De nieuwsberichten" plural={true} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: '5', md: '6' }} aria-busy="true" aria-label="Nieuws wordt geladen">
            {Array.from({ length: 6 }, (_, index) => (
              <Stack key={index} gap="3" bg="white" rounded="2xl" borderWidth="1px" overflow="hidden" pb="5">
                <SkeletonBlock h={{ base: '52', md: '56' }} rounded="none" />
                <Box px="5">
                  <SkeletonBlock h="4" w="40%" />
                </Box>
                <Box px="5">
                  <SkeletonBlock h="6" w="85%" />
                </Box>
                <Box px="5">
                  <SkeletonBlock h="16" />
                </Box>
              </Stack>
            ))}
          </SimpleGrid>
        ) : data.articles.length === 0 ? (
          <Stack align="flex-start" gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }}>
            <Text fontWeight="700" fontSize="lg">
              {page > 1 ? `Pagina ${page} bestaat niet: zoveel nieuws hebben we (nog) niet.` : 'Er is nog geen nieuws. Kom binnenkort terug!'}
            </Text>
            <Button asChild colorPalette="brand" rounded="full" size="sm">
              <Link to={page > 1 ? '/news' : '/artists'}>{page > 1 ? 'Naar het nieuwste nieuws' : 'Ontdek artiesten'}</Link>
            </Button>
          </Stack>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: '5', md: '6' }}>
              {data.articles.map((article, index) => (
                <NewsCard key={article.id} article={article} priority={index === 0} />
              ))}
            </SimpleGrid>
            <Box mt={{ base: '8', md: '12' }}>
              <Pager
                page={page}
                pageCount={data.pageCount}
                href={pageHref}
                summary={`${data.total} ${data.total === 1 ? 'artikel' : 'artikelen'}${data.pageCount > 1 ? ` · pagina ${page} van ${data.pageCount}` : ''}`}
              />
            </Box>
          </>
        )}
      </Container>
    </>
  );
}
