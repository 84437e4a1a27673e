// What a screen shows while its data loads or when loading failed, the same in the storefront and
// the artist portal: blocks that hold the layout's place (no shift when the data arrives), and a
// Dutch 'could not be loaded' with a retry after react-query's own retries (SPEC 9).
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { loadFailedSentence } from '../dutch.ts';

export function SkeletonBlock({ h, w = 'full', rounded = 'xl' }: { h: string | Record<string, string>; w?: string; rounded?: string }) {
  return <Box h={h} w={w} rounded={rounded} bg="ink.100" aria-hidden="true" css={{ animation: 'pulse 1.6s ease-in-out infinite', '@keyframes pulse': { '50%': { opacity: 0.55 } } }} />;
}

/** The subject as it starts the sentence ('Je boekingen') and whether it is plural: see loadFailedSentence. */
export function LoadError({ subject, plural, onRetry }: { subject: string; plural: boolean; onRetry: () => void }) {
  return (
    <Stack role="alert" align="flex-start" gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '6' }}>
      <Heading as="h2" fontSize="lg" fontWeight="700">
        {loadFailedSentence(subject, plural)}
      </Heading>
      <Text color="fg.muted">Controleer je internetverbinding en probeer het opnieuw.</Text>
      <Button colorPalette="brand" rounded="full" size="sm" onClick={onRetry}>
        Opnieuw proberen
      </Button>
    </Stack>
  );
}
