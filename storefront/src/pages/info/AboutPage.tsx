// /over-ons: who Podium is and how it works, with Organization JSON-LD.
import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHero, Prose } from '../../content/PageHero.tsx';
import { CalendarIcon, ShieldIcon, StarIcon, MusicIcon } from '@podium/shared/ui/icons';
import { breadcrumbJsonLd, organizationJsonLd, PageMeta } from '../../seo/PageMeta.tsx';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Over ons', path: '/over-ons' },
];

const promises: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <ShieldIcon size={22} />,
    title: 'Veilig betalen',
    text: 'Je betaalt via Mollie aan Podium. De artiest krijgt pas uitbetaald na het optreden, en bij een annulering door de artiest krijg je alles terug.',
  },
  {
    icon: <StarIcon size={22} />,
    title: 'Alleen echte reviews',
    text: 'Een review schrijven kan alleen na een geboekt en betaald optreden. Zo weet je zeker dat elke beoordeling van een echte klant komt.',
  },
  { icon: <CalendarIcon size={22} />, title: 'Direct zien wie kan', text: 'Artiesten houden hun agenda zelf bij. Zoek op jouw datum en je ziet meteen wie er nog beschikbaar is.' },
  {
    icon: <MusicIcon size={22} />,
    title: 'Gecontroleerde artiesten',
    text: 'Elke artiest wordt door ons team beoordeeld voordat het profiel online komt: met echte foto’s, muziek en heldere prijzen.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageMeta
        title="Over ons"
        description="Podium verbindt feestvierders met de beste live artiesten van Nederland en Vlaanderen: eerlijke prijzen, echte reviews en veilig betalen."
        path="/over-ons"
        jsonLd={[organizationJsonLd(), breadcrumbJsonLd(crumbs)]}
      />
      <PageHero
        title="Over Podium"
        intro="Wij geloven dat elk feest beter wordt met live muziek. Daarom maken we het boeken van een artiest net zo makkelijk als het boeken van een hotel."
        crumbs={crumbs}
      />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '16' }}>
          <Prose>
            <h2>Waarom we Podium begonnen</h2>
            <p>
              Wie ooit een band voor een bruiloft zocht, kent het: tientallen websites, offertes die dagen op zich laten wachten en prijzen die pas na drie mails duidelijk worden. Artiesten hebben het
              omgekeerde probleem: ze besteden meer tijd aan mailen dan aan muziek maken.
            </p>
            <p>
              Podium brengt beide kanten samen op één plek. Klanten vergelijken artiesten op prijs, reviews en beschikbaarheid en boeken in een paar minuten. Artiesten krijgen aanvragen die kloppen,
              betalingen die zeker zijn en een agenda die zichzelf bijhoudt.
            </p>
            <h2>Hoe het werkt</h2>
            <ol>
              <li>Je zoekt een artiest op soort, stad, datum en budget.</li>
              <li>Je stuurt een boekingsaanvraag; de artiest accepteert binnen een week.</li>
              <li>Je betaalt veilig via iDEAL, creditcard of Bancontact.</li>
              <li>Na het feest schrijf je een review, zodat de volgende klant weet wat hij kan verwachten.</li>
            </ol>
            <h2>Voor artiesten</h2>
            <p>
              Ben je muzikant, DJ of act? Met een gratis profiel op Podium bereik je duizenden mensen die een feest organiseren. Je bepaalt zelf je prijzen, je pakketten en wanneer je beschikbaar
              bent. Wij regelen de betaling en zorgen dat je na het optreden je geld krijgt.
            </p>
          </Prose>
          <Stack gap="4">
            {promises.map((promise) => (
              <HStack key={promise.title} align="flex-start" gap="4" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '6' }}>
                <Box rounded="xl" bg="brand.50" color="brand.700" p="3" flexShrink={0}>
                  {promise.icon}
                </Box>
                <Box>
                  <Heading as="h3" fontSize="lg" fontWeight="800">
                    {promise.title}
                  </Heading>
                  <Text mt="1" color="ink.700">
                    {promise.text}
                  </Text>
                </Box>
              </HStack>
            ))}
            <Stack bg="ink.950" color="white" rounded="2xl" p={{ base: '5', md: '6' }} gap="3" align="flex-start">
              <Heading as="h3" fontSize="lg" fontWeight="800">
                Vragen of een idee?
              </Heading>
              <Text color="whiteAlpha.900">We horen graag van je, of je nu een feest organiseert of zelf op het podium staat.</Text>
              <HStack gap="3" flexWrap="wrap">
                <Button asChild colorPalette="brand" rounded="full" size="sm">
                  <Link to="/contact">Neem contact op</Link>
                </Button>
                <Button asChild variant="outline" rounded="full" size="sm" color="white" borderColor="whiteAlpha.600" _hover={{ bg: 'whiteAlpha.200' }}>
                  <Link to="/artists">Bekijk artiesten</Link>
                </Button>
              </HStack>
            </Stack>
          </Stack>
        </SimpleGrid>
      </Container>
    </>
  );
}
