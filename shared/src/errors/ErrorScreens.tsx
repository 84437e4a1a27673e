// SPEC 2.14 / 8.7: the error screens. The page-load failure screen retries by itself after 2 s
// (clearing cached scripts) and does a hard reload after 3 tries; the general error screen;
// 'Unexpected Application Error!' for other route errors; the not-found page. The storefront and
// the artist portal show the same screens.
import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { errorScreenAutoRetryMs, errorScreenRetries } from '../constants.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { clearScriptCaches, reportError } from './report.ts';
import { isChunkLoadError } from './lazy-page.ts';

const retryKey = 'podium-page-load-retry';

function ScreenFrame({ children }: { children: ReactNode }) {
  return (
    <Container maxW="lg" py={{ base: '16', md: '24' }} px="6">
      <Stack gap="5" align="flex-start" bg="white" rounded="2xl" borderWidth="1px" p={{ base: '6', md: '8' }} boxShadow="0 18px 48px -28px rgba(37, 29, 42, 0.45)">
        {children}
      </Stack>
    </Container>
  );
}

export function readRetryAttempt(storage: Pick<Storage, 'getItem'> = sessionStorage): number {
  const value = Number(storage.getItem(retryKey) ?? '0');
  return Number.isFinite(value) ? value : 0;
}

/** SPEC 8.7, the page-load failure screen. */
export function PageLoadFailure({ loading = false }: { loading?: boolean }) {
  const [attempt] = useState(() => Math.min(readRetryAttempt() + 1, errorScreenRetries));
  const retry = async () => {
    await clearScriptCaches();
    if (readRetryAttempt() + 1 >= errorScreenRetries) {
      // Third try failed too: a hard reload past every cache.
      sessionStorage.removeItem(retryKey);
      const url = new URL(window.location.href);
      url.searchParams.set('_reload', String(Date.now()));
      window.location.replace(url.toString());
      return;
    }
    sessionStorage.setItem(retryKey, String(readRetryAttempt() + 1));
    window.location.reload();
  };
  useEffect(() => {
    const timer = setTimeout(() => void retry(), errorScreenAutoRetryMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ScreenFrame>
      <Heading as="h1" size="xl">
        {loading ? 'Component wordt geladen...' : 'Pagina kan niet worden geladen'}
      </Heading>
      <Text color="fg.muted">We proberen het automatisch opnieuw. Controleer je internetverbinding als dit blijft gebeuren.</Text>
      <Box w="full">
        <Text fontWeight="600" mb="2" data-testid="retry-progress">
          Poging {attempt} van {errorScreenRetries}
        </Text>
        <Box role="progressbar" aria-label="Voortgang" aria-valuemin={0} aria-valuemax={errorScreenRetries} aria-valuenow={attempt} h="2" rounded="full" bg="brand.100" overflow="hidden">
          <Box h="full" bg="brand.600" rounded="full" w={`${(attempt / errorScreenRetries) * 100}%`} />
        </Box>
      </Box>
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="brand" rounded="full" onClick={() => void retry()}>
          Nu opnieuw proberen
        </Button>
        <Button variant="outline" rounded="full" onClick={() => window.location.reload()}>
          Pagina vernieuwen
        </Button>
        <Button variant="ghost" rounded="full" onClick={() => window.history.back()}>
          Terug
        </Button>
      </HStack>
    </ScreenFrame>
  );
}

/** SPEC 8.7, the general error screen. */
export function GeneralErrorScreen() {
  return (
    <ScreenFrame>
      <Heading as="h1" size="xl">
        Er is iets misgegaan
      </Heading>
      <Text color="fg.muted">We hebben een technische fout ondervonden. Probeer de pagina te vernieuwen.</Text>
      <Button colorPalette="brand" rounded="full" onClick={() => window.location.reload()}>
        Pagina vernieuwen
      </Button>
    </ScreenFrame>
  );
}

/** A route's error screen: page-load failures get their own, anything else is 'Unexpected Application Error!'. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  useEffect(() => {
    reportError(error, { source: 'route' });
  }, [error]);
  if (isChunkLoadError(error)) return <PageLoadFailure />;
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <ScreenFrame>
      <Heading as="h1" size="xl">
        Unexpected Application Error!
      </Heading>
      <Text color="fg.muted" fontFamily="mono" fontSize="sm" wordBreak="break-word">
        {detail}
      </Text>
      <HStack gap="3">
        <Button colorPalette="brand" rounded="full" onClick={() => window.location.reload()}>
          Pagina vernieuwen
        </Button>
        <Button asChild variant="ghost" rounded="full">
          <a href="/">Naar de homepage</a>
        </Button>
      </HStack>
    </ScreenFrame>
  );
}

/** The not-found page (SPEC 8.7): what happened, and the ways on that the app offers (`children`, buttons). */
export function NotFoundScreen({ hint, children }: { hint: string; children: ReactNode }) {
  return (
    <ScreenFrame>
      <Text fontWeight="800" fontSize="5xl" color="brand.600" lineHeight="1">
        404
      </Text>
      <Heading as="h1" size="xl">
        Deze pagina bestaat niet (meer)
      </Heading>
      <Text color="fg.muted">Misschien is de link verouderd of zit er een typfout in. {hint}</Text>
      <HStack gap="3" flexWrap="wrap">
        {children}
      </HStack>
    </ScreenFrame>
  );
}
