// Grey stand-ins with the exact footprint of what they wait for: an artist card, a row of cards,
// a news card. Light on purpose (no images, no data code): they are part of the first paint.
import { Box, Grid, Stack } from '@chakra-ui/react';

const shimmer = { bg: 'ink.100', rounded: 'md' } as const;

/** An artist card's shape in the grid or list layout. */
export function ArtistCardSkeleton({ layout = 'grid' }: { layout?: 'grid' | 'list' }) {
  const list = layout === 'list';
  return (
    <Box display="flex" flexDirection={list ? 'row' : 'column'} bg="white" rounded="2xl" borderWidth="1px" overflow="hidden" h="full" aria-hidden="true">
      <Box flexShrink={0} width={list ? { base: '32', sm: '44' } : 'full'} aspectRatio={list ? undefined : '1'} minH={list ? '32' : undefined} bg="ink.100" />
      <Stack gap="2" p={{ base: '3', md: '4' }} flex="1">
        <Box {...shimmer} h="3" w="40%" />
        <Box {...shimmer} h="4" w="75%" />
        <Box {...shimmer} h="3" w="60%" />
        <Box {...shimmer} h="3" w="50%" mt="auto" />
      </Stack>
    </Box>
  );
}

/** One card's box in a home row: fixed size, so the row never changes height when data lands. */
export const rowCardSize = { w: { base: '200px', md: '240px' }, h: { base: '360px', md: '408px' } } as const;

export function CardRowSkeleton({ count = 6 }: { count?: number }) {
  return (
    <Box display="flex" gap="4" overflow="hidden" pb="3" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <Box key={index} flexShrink={0} {...rowCardSize}>
          <ArtistCardSkeleton />
        </Box>
      ))}
    </Box>
  );
}

/** A news card's shape (16:10 cover, date, title, excerpt). */
export function NewsCardSkeleton() {
  return (
    <Box bg="white" rounded="2xl" borderWidth="1px" overflow="hidden" h="full" aria-hidden="true">
      <Box aspectRatio="16 / 10" bg="ink.100" />
      <Stack gap="2" p="5" h="44">
        <Box {...shimmer} h="3" w="30%" />
        <Box {...shimmer} h="5" w="85%" />
        <Box {...shimmer} h="3" w="95%" />
        <Box {...shimmer} h="3" w="70%" />
      </Stack>
    </Box>
  );
}

export const newsGrid = { templateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '5' } as const;

export function NewsCardsSkeleton() {
  return (
    <Grid {...newsGrid} aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <NewsCardSkeleton key={index} />
      ))}
    </Grid>
  );
}
