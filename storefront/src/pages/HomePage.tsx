// Home (SPEC 2.15: its content is another issue's). The shell gives it a hero under the
// transparent header, the categories and the promises that make Podium worth trusting.
import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { categoryLabels } from '@podium/shared/categories';
import { heroCategories } from '@podium/shared/constants';
import { Link } from 'react-router';
import { useApp, useSessionState } from '../app/app-context.tsx';
import { AfterFirstPaint } from '../layout/AfterFirstPaint.tsx';
import { organizationJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { CalendarIcon, MessageIcon, ShieldIcon, StarIcon } from '../layout/icons.tsx';


const promises = [
  { icon: ShieldIcon, title: 'Veilig betalen', text: 'Je betaling staat veilig tot het optreden is bevestigd.' },
  { icon: StarIcon, title: 'Echte reviews', text: 'Alleen klanten die echt geboekt hebben, kunnen een review schrijven.' },
  { icon: MessageIcon, title: 'Direct contact', text: 'Stel je vragen rechtstreeks aan de artiest, voor en na je boeking.' },
  { icon: CalendarIcon, title: 'Snel geregeld', text: 'Zie meteen wie er op jouw datum beschikbaar is.' },
];

export default function HomePage() {
  const session = useSessionState();
  const app = useApp();
  return (
    <>
      <PageMeta
        title="Podium · Live artiesten boeken voor je bruiloft of bedrijfsfeest"
        description="Boek live artiesten, bands en DJ's voor je bruiloft of bedrijfsfeest. Veilig betalen, echte reviews, direct contact."
        path="/"
        jsonLd={[organizationJsonLd()]}
      />
      <Box
        as="section"
        position="relative"
        overflow="hidden"
        color="white"
        pt={{ base: '28', md: '36' }}
        pb={{ base: '16', md: '24' }}
        bg="ink.950"
        backgroundImage="radial-gradient(circle at 20% 20%, rgba(239, 122, 69, 0.55), transparent 45%), radial-gradient(circle at 85% 10%, rgba(155, 134, 165, 0.45), transparent 40%), linear-gradient(160deg, #251d2a 0%, #150f19 70%)"
      >
        <Container maxW="7xl" px={{ base: '4', md: '6' }} position="relative">
          <Stack gap="6" maxW="3xl">
            <Text textTransform="uppercase" letterSpacing="0.18em" fontSize="xs" fontWeight="700" color="brand.200">
              Live muziek · DJ&apos;s · Bands · Acts
            </Text>
            <Heading as="h1" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.05" fontWeight="800" letterSpacing="-0.03em">
              Boek de perfecte live artiest voor jouw feest
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.800" maxW="2xl">
              Van de eerste dans tot de laatste plaat: vind bands, DJ&apos;s en acts voor je bruiloft of bedrijfsfeest, vergelijk eerlijke reviews en betaal veilig.
            </Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild size="xl" colorPalette="brand" rounded="full" px="8">
                <Link to="/artists">Ontdek artiesten</Link>
              </Button>
              {session.status === 'no-user' && (
                <Button size="xl" variant="outline" rounded="full" color="white" borderColor="whiteAlpha.500" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => app.openSignup()}>
                  Gratis account
                </Button>
              )}
            </HStack>
            <HStack gap="2" flexWrap="wrap" pt="2" as="nav" aria-label="Categorieën">
              {heroCategories.map((category) => (
                <Button key={category} asChild size="sm" variant="outline" rounded="full" color="white" borderColor="whiteAlpha.400" _hover={{ bg: 'whiteAlpha.200' }}>
                  <Link to={`/artists?category=${category}`}>{categoryLabels[category]}</Link>
                </Button>
              ))}
            </HStack>
          </Stack>
        </Container>
      </Box>
      <AfterFirstPaint fallback={<Box minH="xl" />}>
      <Container as="section" maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }} aria-labelledby="promises-heading">
        <Heading as="h2" id="promises-heading" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800" letterSpacing="-0.02em" mb="8">
          Waarom boeken via Podium?
        </Heading>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="5">
          {promises.map(({ icon: Icon, title, text }) => (
            <Stack key={title} gap="3" bg="white" rounded="2xl" borderWidth="1px" p="6">
              <Box color="brand.600">
                <Icon size={26} />
              </Box>
              <Heading as="h3" fontSize="lg" fontWeight="700">
                {title}
              </Heading>
              <Text color="fg.muted">{text}</Text>
            </Stack>
          ))}
        </Grid>
      </Container>
      </AfterFirstPaint>
    </>
  );
}
