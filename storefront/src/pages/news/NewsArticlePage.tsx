// /news/{slug}: a published article with its cover, Dutch date and markdown body (rendered to
// elements, never injected as HTML), NewsArticle JSON-LD, and more news below. An unknown, draft
// or future slug shows the not-found page.
import { Box, Button, Container, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { imagePresets, imageUrl, responsiveImage } from '@podium/shared/images';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Markdown } from '../../content/Markdown.tsx';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { PageHero } from '../../content/PageHero.tsx';
import { moreNewsQuery, newsArticleQuery, newsPath, formatNewsDate, type NewsArticle } from '../../data/news.ts';
import { publicQueryOptions, type PublicQuery } from '../../data/public-query.ts';
import { env } from '../../env.ts';
import { NotFoundPage } from '../../errors/NotFoundPage.tsx';
import { absoluteUrl, breadcrumbJsonLd, PageMeta } from '../../seo/PageMeta.tsx';
import { site } from '../../site.ts';
import { NewsCard } from './NewsCard.tsx';

export function prerenderQueries(params: Record<string, string | undefined>): PublicQuery<unknown>[] {
  const slug = params.slug ?? '';
  return [newsArticleQuery(slug), moreNewsQuery(slug)];
}

const coverSize = imagePresets.xlarge.desktop.size;

function newsArticleJsonLd(article: NewsArticle, image: string | null): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.published_at,
    dateModified: article.updated_at,
    mainEntityOfPage: absoluteUrl(newsPath(article.slug)),
    ...(image ? { image: [image] } : {}),
    author: { '@type': 'Organization', name: site.name, url: absoluteUrl('/') },
    publisher: { '@type': 'Organization', name: site.name, logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') } },
  };
}

export default function NewsArticlePage() {
  const slug = useParams().slug ?? '';
  const query = useQuery(publicQueryOptions(newsArticleQuery(slug)));
  const more = useQuery({ ...publicQueryOptions(moreNewsQuery(slug)), enabled: Boolean(query.data) });
  const article = query.data;

  if (query.isSuccess && !article) {
    return (
      <>
        <PageMeta title="Artikel niet gevonden" description="Dit nieuwsartikel bestaat niet (meer)." path={newsPath(slug)} noindex />
        <NotFoundPage />
      </>
    );
  }
  if (query.isError && !article) {
    return (
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py="12">
        <PageMeta title="Nieuws" description="Het laatste nieuws van Podium." path={newsPath(slug)} noindex />
        <LoadError subject="Dit artikel en zijn gegevens" plural={true} onRetry={() => void query.refetch()} />
      </Container>
    );
  }

  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Nieuws', path: '/news' },
    { name: article?.title ?? 'Artikel', path: newsPath(slug) },
  ];
  const cover = article ? responsiveImage({ supabaseUrl: env.supabaseUrl, bucket: 'news-covers', path: article.cover_path, preset: 'xlarge' }) : null;
  const shareImage = article ? imageUrl({ supabaseUrl: env.supabaseUrl, bucket: 'news-covers', path: article.cover_path, preset: 'xlarge', device: 'desktop' }) : null;

  return (
    <>
      {article && (
        <PageMeta
          title={article.title}
          description={article.excerpt || article.title}
          path={newsPath(article.slug)}
          type="article"
          image={shareImage}
          jsonLd={[newsArticleJsonLd(article, shareImage), breadcrumbJsonLd(crumbs)]}
        />
      )}
      <PageHero
        title={article?.title ?? ''}
        crumbs={crumbs}
        intro={
          article ? (
            <Text fontSize="md" color="whiteAlpha.800" asChild>
              <time dateTime={article.published_at}>Gepubliceerd op {formatNewsDate(article.published_at)}</time>
            </Text>
          ) : (
            <SkeletonBlock h="6" w="60%" />
          )
        }
      />
      <Container as="article" maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        {!article ? (
          <Stack gap="4" aria-busy="true" aria-label="Artikel wordt geladen">
            <SkeletonBlock h={{ base: '56', md: '96' }} rounded="2xl" />
            <SkeletonBlock h="6" w="90%" />
            <SkeletonBlock h="32" />
          </Stack>
        ) : (
          <>
            {cover && (
              <Box aspectRatio="16 / 9" rounded="2xl" overflow="hidden" bg="ink.100" mt={{ base: '-12', md: '-16' }} boxShadow="0 24px 48px -28px rgba(21, 15, 25, 0.6)">
                <Image
                  src={cover.src}
                  srcSet={cover.srcSet}
                  sizes={cover.sizes}
                  width={coverSize}
                  height={coverSize}
                  alt=""
                  fetchPriority="high"
                  decoding="async"
                  objectFit="cover"
                  w="full"
                  h="full"
                />
              </Box>
            )}
            {article.excerpt && (
              <Text mt="8" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="600" color="ink.900" lineHeight="1.6">
                {article.excerpt}
              </Text>
            )}
            <Box mt="6">
              <Markdown source={article.body} />
            </Box>
            <Stack mt="10" p={{ base: '5', md: '6' }} rounded="2xl" bg="brand.50" borderWidth="1px" borderColor="brand.100" gap="3" align="flex-start">
              <Heading as="h2" fontSize="lg" fontWeight="800">
                Op zoek naar de juiste artiest?
              </Heading>
              <Text color="ink.800">Vergelijk bands, DJ’s en acts met echte reviews en vaste prijzen, en boek veilig via Podium.</Text>
              <Button asChild colorPalette="brand" rounded="full" size="sm">
                <Link to="/artists">Ontdek artiesten</Link>
              </Button>
            </Stack>
          </>
        )}
      </Container>
      {more.data && more.data.length > 0 && (
        <Box as="section" aria-labelledby="meer-nieuws" bg="ink.50" py={{ base: '10', md: '14' }}>
          <Container maxW="7xl" px={{ base: '4', md: '6' }}>
            <Heading id="meer-nieuws" as="h2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800" mb="6">
              Meer nieuws
            </Heading>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: '5', md: '6' }}>
              {more.data.map((item) => (
                <NewsCard key={item.id} article={item} headingLevel="h3" />
              ))}
            </SimpleGrid>
          </Container>
        </Box>
      )}
    </>
  );
}
