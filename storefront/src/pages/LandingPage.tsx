// The landing pages of SPEC 2.1 on one layout: hero, the matching artists (search_artists with
// the page's category), why Podium, what it costs (from the artists' real starting prices), the
// FAQ as native disclosures (FAQPage JSON-LD) and links to the filtered artist list.
import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { PageHero } from '../content/PageHero.tsx';
import { landingArtistCount, landingArtistsQuery, landingPricesQuery, type PriceSummary } from '../data/landing.ts';
import { publicQueryOptions, type PublicQuery } from '../data/public-query.ts';
import { ChevronDownIcon, ShieldIcon, StarIcon, CalendarIcon } from '@podium/shared/ui/icons';
import { ArtistCard } from '../marketplace/ArtistCard.tsx';
import { formatPrice } from '../marketplace/artist-cards.ts';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { landingPages, type LandingText } from './landing-texts.ts';

/** The landing page for a path, or undefined; the router only sends SPEC 2.1's eight here. */
export const landingFor = (pathname: string): LandingText | undefined => landingPages[pathname.replace(/\/+$/, '') || '/'];

export function prerenderQueries(_params: Record<string, string | undefined>, _searchParams?: URLSearchParams, pathname?: string): PublicQuery<unknown>[] {
  const page = pathname ? landingFor(pathname) : undefined;
  return page ? [landingArtistsQuery(page.category), landingPricesQuery(page.category)] : [];
}

const listPath = (page: LandingText) => (page.category ? `/artiesten?category=${encodeURIComponent(page.category)}` : '/artiesten');

const whyIcons = [<ShieldIcon key="s" size={22} />, <StarIcon key="r" size={22} />, <CalendarIcon key="c" size={22} />];

function priceSentence(page: LandingText, prices: PriceSummary): string {
  return `Op Podium vragen ${prices.count} ${page.artistsNoun} een startprijs tussen ${formatPrice(prices.minCents)} en ${formatPrice(prices.maxCents)}. De helft zit op of onder ${formatPrice(prices.medianCents)}.`;
}

function faqJsonLd(page: LandingText): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: page.faq.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
  };
}

export default function LandingPage() {
  const { pathname } = useLocation();
  const page = landingFor(pathname);
  const artists = useQuery({ ...publicQueryOptions(landingArtistsQuery(page?.category ?? null)), enabled: Boolean(page) });
  const prices = useQuery({ ...publicQueryOptions(landingPricesQuery(page?.category ?? null)), enabled: Boolean(page) });
  if (!page) return <NotFoundPage />;

  const path = pathname.replace(/\/+$/, '');
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: page.title, path },
  ];
  return (
    <>
      <PageMeta title={page.metaTitle} description={page.metaDescription} path={path} jsonLd={[faqJsonLd(page), breadcrumbJsonLd(crumbs)]} />
      <PageHero title={page.title} intro={page.intro} crumbs={crumbs}>
        <HStack mt="6" gap="3" flexWrap="wrap">
          <Button asChild colorPalette="brand" rounded="full" size="lg">
            <Link to={listPath(page)}>Bekijk alle {page.artistsNoun}</Link>
          </Button>
          <Button asChild variant="outline" rounded="full" size="lg" color="white" borderColor="whiteAlpha.600" _hover={{ bg: 'whiteAlpha.200' }}>
            <a href="#veelgestelde-vragen">Veelgestelde vragen</a>
          </Button>
        </HStack>
      </PageHero>

      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Box as="section" aria-labelledby="aanbevolen">
          <HStack justify="space-between" align="flex-end" gap="4" mb="5" flexWrap="wrap">
            <Box>
              <Heading id="aanbevolen" as="h2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800">
                Aanbevolen {page.artistsNoun}
              </Heading>
              {artists.data && artists.data.total > 0 && (
                <Text color="fg.muted" mt="1">
                  {artists.data.total} {page.artistsNoun} op Podium, de best beoordeelde eerst
                </Text>
              )}
            </Box>
            <Button asChild variant="outline" rounded="full" size="sm">
              <Link to={listPath(page)}>Alle {page.artistsNoun} met filters</Link>
            </Button>
          </HStack>
          {artists.isError && !artists.data ? (
            <LoadError subject="De artiesten" plural={true} onRetry={() => void artists.refetch()} />
          ) : !artists.data ? (
            <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '5' }} aria-busy="true" aria-label="Artiesten worden geladen">
              {Array.from({ length: landingArtistCount }, (_, index) => (
                <Stack key={index} gap="0" bg="white" borderWidth="1px" rounded="2xl" overflow="hidden">
                  <Box aspectRatio="1" bg="ink.100" />
                  <Stack p={{ base: '3', md: '4' }} gap="2">
                    <SkeletonBlock h="3" w="40%" />
                    <SkeletonBlock h="5" w="80%" />
                    <SkeletonBlock h="4" w="60%" />
                    <SkeletonBlock h="4" />
                  </Stack>
                </Stack>
              ))}
            </SimpleGrid>
          ) : artists.data.artists.length === 0 ? (
            <Stack align="flex-start" gap="3" bg="white" borderWidth="1px" rounded="2xl" p="6">
              <Text fontWeight="700">Er staan op dit moment geen {page.artistsNoun} online.</Text>
              <Button asChild colorPalette="brand" rounded="full" size="sm">
                <Link to="/artiesten">Bekijk alle artiesten</Link>
              </Button>
            </Stack>
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '5' }} data-testid="landing-artists">
              {artists.data.artists.map((artist, index) => (
                <li key={artist.id}>
                  <ArtistCard artist={artist} priority={index < 2} listName={`landing:${path}`} />
                </li>
              ))}
            </SimpleGrid>
          )}
        </Box>

        <SimpleGrid as="section" aria-labelledby="waarom" columns={{ base: 1, lg: 2 }} gap={{ base: '8', lg: '12' }} mt={{ base: '12', md: '16' }}>
          <Box>
            <Heading id="waarom" as="h2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800" mb="5">
              Waarom {page.artistsNoun} boeken via Podium?
            </Heading>
            <Stack gap="4">
              {page.why.map((reason, index) => (
                <HStack key={reason.title} align="flex-start" gap="4">
                  <Box rounded="xl" bg="brand.50" color="brand.700" p="3" flexShrink={0}>
                    {whyIcons[index % whyIcons.length]}
                  </Box>
                  <Box>
                    <Heading as="h3" fontSize="md" fontWeight="800">
                      {reason.title}
                    </Heading>
                    <Text color="ink.700" mt="1">
                      {reason.text}
                    </Text>
                  </Box>
                </HStack>
              ))}
            </Stack>
          </Box>
          <Box as="section" aria-labelledby="kosten" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '7' }}>
            <Heading id="kosten" as="h2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800">
              Wat kost het?
            </Heading>
            {prices.data ? (
              <>
                <HStack mt="5" gap={{ base: '3', md: '6' }} align="stretch">
                  {[
                    ['Vanaf', prices.data.minCents],
                    ['Gemiddeld', prices.data.medianCents],
                    ['Tot', prices.data.maxCents],
                  ].map(([label, cents]) => (
                    <Box key={label as string} flex="1" bg="ink.50" rounded="xl" p={{ base: '3', md: '4' }} textAlign="center">
                      <Text fontSize="sm" color="fg.muted">
                        {label}
                      </Text>
                      <Text fontWeight="800" fontSize={{ base: 'lg', md: '2xl' }}>
                        {formatPrice(cents as number)}
                      </Text>
                    </Box>
                  ))}
                </HStack>
                <Text mt="4" color="ink.800">
                  {priceSentence(page, prices.data)}
                </Text>
              </>
            ) : prices.isSuccess ? (
              <Text mt="4" color="ink.800">
                Er staan nog geen prijzen online voor deze {page.artistsNoun}.
              </Text>
            ) : (
              <Box mt="5" aria-hidden="true">
                <SkeletonBlock h={{ base: '20', md: '24' }} />
                <Box mt="4">
                  <SkeletonBlock h="12" />
                </Box>
              </Box>
            )}
            <Text mt="3" color="ink.700">
              {page.priceNote}
            </Text>
            <Text mt="3" fontSize="sm" color="fg.muted">
              Startprijzen van de artiesten zelf; bij het boeken komt er 5% servicevergoeding bij. Je ziet het totaalbedrag altijd vóór je betaalt.
            </Text>
          </Box>
        </SimpleGrid>

        <Box as="section" aria-labelledby="veelgestelde-vragen-titel" id="veelgestelde-vragen" mt={{ base: '12', md: '16' }} maxW="3xl" scrollMarginTop="24">
          <Heading id="veelgestelde-vragen-titel" as="h2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800" mb="5">
            Veelgestelde vragen
          </Heading>
          <Stack gap="3">
            {page.faq.map((item) => (
              <Box
                as="details"
                key={item.question}
                bg="white"
                borderWidth="1px"
                rounded="xl"
                css={{ '&[open] .faq-chevron': { transform: 'rotate(180deg)' }, '& summary::-webkit-details-marker': { display: 'none' } }}
              >
                <Box
                  as="summary"
                  display="flex"
                  alignItems="center"
                  justifyContent="space-between"
                  gap="4"
                  cursor="pointer"
                  listStyleType="none"
                  px={{ base: '4', md: '5' }}
                  py="4"
                  fontWeight="700"
                  rounded="xl"
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px' }}
                >
                  {item.question}
                  <Box className="faq-chevron" transition="transform 0.2s" flexShrink={0} color="brand.700" aria-hidden="true">
                    <ChevronDownIcon size={20} />
                  </Box>
                </Box>
                <Text px={{ base: '4', md: '5' }} pb="4" color="ink.800">
                  {item.answer}
                </Text>
              </Box>
            ))}
          </Stack>
        </Box>

        <Stack mt={{ base: '12', md: '16' }} bg="ink.950" color="white" rounded="2xl" p={{ base: '6', md: '10' }} gap="4" align={{ base: 'flex-start', md: 'center' }} textAlign={{ md: 'center' }}>
          <Heading as="h2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800">
            Klaar om te boeken?
          </Heading>
          <Text color="whiteAlpha.900" maxW="2xl">
            Filter op datum, stad en budget en zie direct welke {page.artistsNoun} beschikbaar zijn.
          </Text>
          <Button asChild colorPalette="brand" rounded="full" size="lg">
            <Link to={listPath(page)}>Bekijk beschikbare {page.artistsNoun}</Link>
          </Button>
        </Stack>
      </Container>
    </>
  );
}
