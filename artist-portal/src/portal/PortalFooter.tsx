// The portal's footer (SPEC 2.9): Podium's legal and service pages and how to reach the team, in
// one band; the storefront's footer carries the same links with its discovery columns.
import { Box, Container, Flex, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { legalLinks, telHref } from '@podium/shared/site-links';
import { company } from '../../../supabase/functions/_shared/company.ts';

export function PortalFooter() {
  return (
    <Box as="footer" bg="ink.950" color="whiteAlpha.900" py="8" mt="12">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap="6" justify="space-between">
          <Stack gap="1" flex="1">
            <Text fontFamily="heading" fontWeight="800" fontSize="lg" color="white">
              Podium Artiestenportaal
            </Text>
            <Text color="whiteAlpha.800" fontSize="sm">
              Vragen over je boekingen of uitbetalingen? Bel{' '}
              <ChakraLink href={telHref(company.phone)} color="white" textDecoration="underline">
                {company.phone}
              </ChakraLink>{' '}
              of mail{' '}
              <ChakraLink href={`mailto:${company.email}`} color="white" textDecoration="underline">
                {company.email}
              </ChakraLink>
              .
            </Text>
          </Stack>
          <HStack as="nav" aria-label="Juridisch en service" gap={{ base: '4', md: '6' }} flexWrap="wrap" fontSize="sm" align="flex-start">
            {legalLinks.map((link) => (
              <ChakraLink key={link.to} href={link.to} color="whiteAlpha.800" _hover={{ color: 'white' }}>
                {link.label}
              </ChakraLink>
            ))}
          </HStack>
        </Flex>
        <Text color="whiteAlpha.700" fontSize="sm" mt="6">
          © {new Date().getFullYear()} {company.legalName} · KvK {company.kvk}
        </Text>
      </Container>
    </Box>
  );
}
