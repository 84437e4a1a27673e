// SPEC 2.9: links (Privacybeleid, Algemene voorwaarden, Contact, Over ons), the contact details
// (phone, e-mail, address, KvK number) and the review widget.
import { Box, Container, Grid, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { openCookieSettings } from '../platform/cookie-settings.ts';
import { useToday } from '../platform/today.ts';
import { legalLinks, telHref } from '@podium/shared/site-links';
import { site } from '../site.ts';
import { MailIcon, PhoneIcon } from '@podium/shared/ui/icons';
import { ReviewWidget } from './ReviewWidget.tsx';

const discoverLinks = [
  { label: 'Artiesten', to: '/artists' },
  { label: 'Bruiloft entertainment', to: '/bruiloft-entertainment' },
  { label: 'Bedrijfsfeest entertainment', to: '/bedrijfsfeest-entertainment' },
  { label: 'DJ boeken', to: '/dj-boeken' },
  { label: 'Sound & Light', to: '/sound-light' },
];

export function Footer() {
  // The year as the prerendered HTML shows it while hydrating (platform/today.ts), then this year.
  const year = useToday().slice(0, 4);
  return (
    <Box as="footer" bg="ink.950" color="whiteAlpha.900" pt="14" pb={{ base: '28', lg: '10' }} mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Grid templateColumns={{ base: '1fr', md: '1.4fr 1fr 1fr' }} gap="10">
          <Stack gap="4">
            <Text fontFamily="heading" fontWeight="800" fontSize="2xl" color="white">
              Podium
            </Text>
            <Text color="whiteAlpha.800" maxW="sm">
              Vind en boek live artiesten voor je bruiloft of bedrijfsfeest: veilig betalen, direct contact, eerlijke reviews.
            </Text>
            <ReviewWidget />
          </Stack>
          <Stack gap="3" as="nav" aria-label="Ontdekken">
            <Text fontWeight="700" color="white" fontSize="sm" letterSpacing="0.08em" textTransform="uppercase">
              Ontdekken
            </Text>
            {discoverLinks.map((link) => (
              <ChakraLink key={link.to} asChild color="whiteAlpha.800" _hover={{ color: 'white' }}>
                <Link to={link.to}>{link.label}</Link>
              </ChakraLink>
            ))}
          </Stack>
          <Stack gap="3" data-testid="footer-contact">
            <Text fontWeight="700" color="white" fontSize="sm" letterSpacing="0.08em" textTransform="uppercase">
              Contact
            </Text>
            <HStack gap="2">
              <PhoneIcon size={16} />
              <ChakraLink href={telHref(site.phone)} color="whiteAlpha.900">
                {site.phone}
              </ChakraLink>
            </HStack>
            <HStack gap="2">
              <MailIcon size={16} />
              <ChakraLink href={`mailto:${site.email}`} color="whiteAlpha.900">
                {site.email}
              </ChakraLink>
            </HStack>
            <Text as="address" fontStyle="normal" color="whiteAlpha.800">
              {site.address.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </Text>
            <Text color="whiteAlpha.800">KvK {site.kvk}</Text>
          </Stack>
        </Grid>
        <Box borderTopWidth="1px" borderColor="whiteAlpha.200" mt="10" pt="6">
          <HStack as="nav" aria-label="Juridisch en service" gap={{ base: '4', md: '6' }} flexWrap="wrap" fontSize="sm">
            {legalLinks.map((link) => (
              <ChakraLink key={link.to} asChild color="whiteAlpha.800" _hover={{ color: 'white' }}>
                <Link to={link.to}>{link.label}</Link>
              </ChakraLink>
            ))}
            <ChakraLink asChild color="whiteAlpha.800" _hover={{ color: 'white' }}>
              <button type="button" onClick={openCookieSettings}>
                Cookie-instellingen
              </button>
            </ChakraLink>
            <Text color="whiteAlpha.700" ms={{ md: 'auto' }}>
              © {year} Podium
            </Text>
          </HStack>
        </Box>
      </Container>
    </Box>
  );
}
