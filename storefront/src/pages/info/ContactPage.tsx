// /contact: Podium's contact details (site.ts) and the contact form, which the contact-request
// edge function stores and mails to the team. Organization JSON-LD.
import { Box, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ContactRequestForm } from '../../content/ContactRequestForm.tsx';
import { PageHero } from '../../content/PageHero.tsx';
import { MailIcon, PhoneIcon, CompassIcon } from '@podium/shared/ui/icons';
import { breadcrumbJsonLd, organizationJsonLd, PageMeta } from '../../seo/PageMeta.tsx';
import { telHref } from '@podium/shared/site-links';
import { site } from '../../site.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Contact', path: '/contact' },
];

export default function ContactPage() {
  return (
    <>
      <PageMeta
        title="Contact"
        description={`Vragen over een boeking of over Podium? Bel ${site.phone}, mail ${site.email} of stuur ons een bericht via het contactformulier.`}
        path="/contact"
        jsonLd={[organizationJsonLd(), breadcrumbJsonLd(crumbs)]}
      />
      <PageHero title="Contact" intro="Een vraag over een boeking, een artiest of je account? We helpen je graag. Op werkdagen reageren we binnen één werkdag." crumbs={crumbs} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '8', lg: '10' }} alignItems="start">
          <Stack gap="4" as="section" aria-labelledby="contactgegevens">
            <Heading id="contactgegevens" as="h2" fontSize="xl" fontWeight="800">
              Contactgegevens
            </Heading>
            <HStack asChild gap="4" bg="white" borderWidth="1px" rounded="2xl" p="5" _hover={{ borderColor: 'brand.300' }}>
              <a href={telHref(site.phone)}>
                <Box rounded="xl" bg="brand.50" color="brand.700" p="3">
                  <PhoneIcon size={20} />
                </Box>
                <Box>
                  <Text fontSize="sm" color="fg.muted">
                    Bel ons (werkdagen 9.00–17.30 uur)
                  </Text>
                  <Text fontWeight="700">{site.phone}</Text>
                </Box>
              </a>
            </HStack>
            <HStack asChild gap="4" bg="white" borderWidth="1px" rounded="2xl" p="5" _hover={{ borderColor: 'brand.300' }}>
              <a href={`mailto:${site.email}`}>
                <Box rounded="xl" bg="brand.50" color="brand.700" p="3">
                  <MailIcon size={20} />
                </Box>
                <Box>
                  <Text fontSize="sm" color="fg.muted">
                    Mail ons
                  </Text>
                  <Text fontWeight="700">{site.email}</Text>
                </Box>
              </a>
            </HStack>
            <HStack gap="4" bg="white" borderWidth="1px" rounded="2xl" p="5" align="flex-start">
              <Box rounded="xl" bg="brand.50" color="brand.700" p="3">
                <CompassIcon size={20} />
              </Box>
              <Box as="address" fontStyle="normal">
                <Text fontSize="sm" color="fg.muted">
                  Postadres
                </Text>
                <Text fontWeight="700">{site.name}</Text>
                <Text>{site.address[0]}</Text>
                <Text>{site.address[1]}</Text>
                <Text mt="2" fontSize="sm" color="fg.muted">
                  KvK-nummer {site.kvk}
                </Text>
              </Box>
            </HStack>
          </Stack>
          <Box as="section" aria-labelledby="contactformulier" gridColumn={{ lg: 'span 2' }} bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }}>
            <Heading id="contactformulier" as="h2" fontSize="xl" fontWeight="800">
              Stuur ons een bericht
            </Heading>
            <Text mt="1" mb="6" color="fg.muted">
              Heb je al een boeking? Vermeld dan de naam van de artiest en de datum, dan kunnen we je sneller helpen.
            </Text>
            <ContactRequestForm kind="contact" />
          </Box>
        </SimpleGrid>
      </Container>
    </>
  );
}
