// What a content page shows while its data loads or when it failed: blocks that hold the
// layout's place (no shift when the data arrives), and an error with a retry.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';

export function SkeletonBlock({ h, w = 'full', rounded = 'xl' }: { h: string | Record<string, string>; w?: string; rounded?: string }) {
  return <Box h={h} w={w} rounded={rounded} bg="ink.100" aria-hidden="true" css={{ animation: 'pulse 1.6s ease-in-out infinite', '@keyframes pulse': { '50%': { opacity: 0.55 } } }} />;
}

export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Stack role="alert" align="flex-start" gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '6' }}>
      <Heading as="h2" fontSize="lg" fontWeight="700">
        {what} konden niet worden geladen
      </Heading>
      <Text color="fg.muted">Controleer je internetverbinding en probeer het opnieuw.</Text>
      <Button colorPalette="brand" rounded="full" size="sm" onClick={onRetry}>
        Opnieuw proberen
      </Button>
    </Stack>
  );
}
