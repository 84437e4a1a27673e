// /sound-light: Podium's sound & light hire, with the quote request form (stored and mailed to
// the team by the contact-request edge function, like the contact form).
import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ContactRequestForm } from '../content/ContactRequestForm.tsx';
import { PageHero } from '../content/PageHero.tsx';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { site } from '../site.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Sound & Light', path: '/sound-light' },
];

const offers = [
  { title: 'Geluid dat klopt', text: 'Professionele speakers, mengtafel en microfoons, afgestemd op je zaal en het aantal gasten. Helder bij de speeches, vol op de dansvloer.' },
  { title: 'Licht dat sfeer maakt', text: 'Van warme sfeerverlichting tijdens het diner tot bewegende lichten en effecten als het feest losbarst.' },
  { title: 'Techniek die je niet ziet', text: 'Wij bouwen op, testen alles voor de eerste gast binnenkomt en halen het na afloop weer weg. Een technicus blijft de hele avond als je dat wilt.' },
];

const steps = [
  'Vul het formulier in met je datum, locatie en wensen.',
  'Binnen twee werkdagen krijg je een offerte op maat, zonder verplichtingen.',
  'Akkoord? Dan stemmen we de details af met jou, de locatie en je artiest.',
];

const serviceJsonLd = {
  '@context': 'https://schema.org',
  '@type': 'Service',
  name: 'Sound & light verhuur',
  serviceType: 'Geluid- en lichtverhuur voor evenementen',
  provider: { '@type': 'Organization', name: site.name },
  areaServed: ['NL', 'BE'],
};

export default function SoundLightPage() {
  return (
    <>
      <PageMeta
        title="Sound & Light huren"
        description="Geluid en licht voor je bruiloft, bedrijfsfeest of verjaardag, verzorgd door professionals. Vraag vrijblijvend een offerte op maat aan."
        path="/sound-light"
        jsonLd={[serviceJsonLd, breadcrumbJsonLd(crumbs)]}
      />
      <PageHero
        title="Sound & Light voor je feest"
        intro="Een goede artiest verdient goed geluid. Wij leveren de geluidsinstallatie, verlichting en techniek, zodat jij alleen nog maar hoeft te genieten."
        crumbs={crumbs}
      />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '6' }}>
          {offers.map((offer) => (
            <Box key={offer.title} bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '6' }}>
              <Heading as="h2" fontSize="lg" fontWeight="800">
                {offer.title}
              </Heading>
              <Text mt="2" color="ink.700">
                {offer.text}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '8', lg: '10' }} mt={{ base: '10', md: '14' }} alignItems="start">
          <Stack gap="4">
            <Heading as="h2" fontSize="xl" fontWeight="800">
              Zo werkt het
            </Heading>
            <Box as="ol" listStyleType="none" css={{ counterReset: 'step' }}>
              {steps.map((step, index) => (
                <Box as="li" key={step} display="flex" gap="3" alignItems="flex-start" mt={index ? '4' : '0'}>
                  <Box flexShrink={0} w="8" h="8" rounded="full" bg="brand.600" color="white" display="grid" placeItems="center" fontWeight="800" aria-hidden="true">
                    {index + 1}
                  </Box>
                  <Text pt="1">{step}</Text>
                </Box>
              ))}
            </Box>
            <Text color="fg.muted" fontSize="sm">
              Liever even bellen? Je bereikt ons op werkdagen via {site.phone}.
            </Text>
            <Text color="fg.muted" fontSize="sm">
              De prijs hangt af van je zaal, het aantal gasten en wat je nodig hebt. In de offerte staat één vaste prijs, inclusief transport, opbouw en afbouw.
            </Text>
          </Stack>
          <Box as="section" aria-labelledby="offerte" gridColumn={{ lg: 'span 2' }} bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }}>
            <Heading id="offerte" as="h2" fontSize="xl" fontWeight="800">
              Vraag een offerte aan
            </Heading>
            <Text mt="1" mb="6" color="fg.muted">
              Vrijblijvend en binnen twee werkdagen antwoord.
            </Text>
            <ContactRequestForm kind="quote" />
          </Box>
        </SimpleGrid>
      </Container>
    </>
  );
}
