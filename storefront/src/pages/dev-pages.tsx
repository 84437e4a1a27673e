// Development builds only (SPEC 2.1): /safari-debug-test (/test-booking-flow is booking-flow-test/).
import { Box, Code, Container, Heading, Stack, Text } from '@chakra-ui/react';

export function SafariDebugPage() {
  const facts = {
    userAgent: navigator.userAgent,
    viewport: `${window.innerWidth} x ${window.innerHeight}`,
    devicePixelRatio: window.devicePixelRatio,
    cookiesEnabled: navigator.cookieEnabled,
    serviceWorker: 'serviceWorker' in navigator,
    localStorage: (() => {
      try {
        window.localStorage.setItem('podium-debug', '1');
        window.localStorage.removeItem('podium-debug');
        return true;
      } catch {
        return false;
      }
    })(),
  };
  return (
    <Container maxW="3xl" py="10">
      <Stack gap="4">
        <Heading as="h1">Safari debug</Heading>
        <Text color="fg.muted">Wat deze browser ondersteunt, om problemen in Safari na te lopen.</Text>
        <Box as="pre" bg="white" borderWidth="1px" rounded="lg" p="4" overflowX="auto">
          <Code bg="transparent">{JSON.stringify(facts, null, 2)}</Code>
        </Box>
      </Stack>
    </Container>
  );
}
