// A titled card on the signed-in pages ('Mijn profiel', the BANDS dashboard): a section named by
// its heading, with the heading's icon in a soft brand tile.
import { Box, Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SectionCard({ title, icon, children, labelledBy, action, testId }: { title: string; icon: ReactNode; children: ReactNode; labelledBy: string; action?: ReactNode; testId?: string }) {
  return (
    <Stack as="section" aria-labelledby={labelledBy} gap="4" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '6' }} h="full" minW="0" data-testid={testId}>
      <HStack gap="3" justify="space-between" flexWrap="wrap">
        <HStack gap="3">
          <Box rounded="xl" bg="brand.50" color="brand.700" p="2.5" flexShrink="0">
            {icon}
          </Box>
          <Heading as="h2" id={labelledBy} fontSize="lg" fontWeight="700">
            {title}
          </Heading>
        </HStack>
        {action}
      </HStack>
      {children}
    </Stack>
  );
}
