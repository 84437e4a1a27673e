// The public artist profile's own layout (SPEC 2.1: /artists/{slug} is outside the main layout).
// A slim header with the way back to the list and the wordmark; the page brings its own sticky
// booking bar on phones, where the bottom navigation is hidden (SPEC 2.7). The footer follows
// after first paint, as in the main layout.
import { Box, Container, Flex, HStack, Link as ChakraLink } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { PageOutlet } from '../layout/PageOutlet.tsx';
import { RouteErrorBoundary } from '@podium/shared/errors/RouteErrorBoundary.tsx';
import { ArrowLeftIcon } from '@podium/shared/ui/icons';
import { Logo } from '@podium/shared/ui/Logo';

const Footer = lazy(() => import('../layout/Footer.tsx').then((module) => ({ default: module.Footer })));

export default function ArtistLayout() {
  const { pathname } = useLocation();
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" position="sticky" top="0" zIndex="sticky" borderBottomWidth="1px" bg="white/95" backdropFilter="saturate(1.4) blur(8px)">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} h={{ base: '14', md: '16' }} display="flex" alignItems="center" justifyContent="space-between" gap="4">
          <Logo />
          <HStack as="nav" aria-label="Terug" gap="1">
            <ChakraLink asChild fontWeight="600" fontSize="sm" color="ink.800" px="3" py="2" rounded="full" _hover={{ bg: 'bg.muted', textDecoration: 'none' }}>
              <Link to="/artists">
                <ArrowLeftIcon size={16} />
                Alle artiesten
              </Link>
            </ChakraLink>
          </HStack>
        </Container>
      </Box>
      <Box as="main" id="main" flex="1">
        <Suspense fallback={<Box minH="100vh" aria-busy="true" />}>
          <RouteErrorBoundary key={pathname}>
            <PageOutlet />
          </RouteErrorBoundary>
        </Suspense>
      </Box>
      <Suspense fallback={<Box as="footer" minH="md" bg="ink.950" />}>
        <Footer />
      </Suspense>
    </Flex>
  );
}
