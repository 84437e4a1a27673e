// The portal's waiting and refused states, the same on every screen: a skeleton while data loads
// and a refusal or error line read out as an alert. A screen whose data failed to load shows the
// shared LoadError (@podium/shared/ui/LoadState), as the storefront does.
import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Loading({ height = '12rem' }: { height?: string }) {
  return <Box h={height} bg="ink.100" rounded="2xl" aria-busy="true" />;
}

export function AlertText({ children }: { children: ReactNode }) {
  return (
    <Text role="alert" color="fg.error" fontWeight="600">
      {children}
    </Text>
  );
}
