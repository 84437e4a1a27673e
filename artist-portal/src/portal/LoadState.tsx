// The portal's waiting, failed and refused states, the same on every screen: a skeleton while
// data loads, a Dutch 'could not be loaded' with a retry when it failed (after react-query's own
// retries, SPEC 9), and a refusal or error line read out as an alert.
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Loading({ height = '12rem' }: { height?: string }) {
  return <Box h={height} bg="ink.100" rounded="2xl" aria-busy="true" />;
}

/** 'Je boekingen konden niet worden geladen.' with 'Opnieuw proberen'. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Stack role="alert" align="flex-start" bg="white" borderWidth="1px" rounded="2xl" p="5">
      <Text>{what} niet worden geladen.</Text>
      <Button size="sm" colorPalette="brand" rounded="full" onClick={onRetry}>
        Opnieuw proberen
      </Button>
    </Stack>
  );
}

export function AlertText({ children }: { children: ReactNode }) {
  return (
    <Text role="alert" color="red.700" fontWeight="600">
      {children}
    </Text>
  );
}
