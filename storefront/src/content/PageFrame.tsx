// The frame of a light page with a trail ('Mijn profiel', the BANDS pages): breadcrumbs, the
// page's h1 with an optional action beside it, an optional intro, then the page's content.
import { Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';

export function PageFrame({ trail, title, action, intro, children }: { trail: readonly Crumb[]; title: string; action?: ReactNode; intro?: string; children: ReactNode }) {
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} pt={{ base: '5', md: '8' }} pb={{ base: '10', md: '16' }}>
      <Stack gap={{ base: '5', md: '7' }}>
        <Stack gap="3">
          <Breadcrumbs trail={trail} />
          <HStack justify="space-between" align="center" gap="3" flexWrap="wrap">
            <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800" letterSpacing="-0.02em">
              {title}
            </Heading>
            {action}
          </HStack>
          {intro && (
            <Text color="fg.muted" maxW="2xl">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
