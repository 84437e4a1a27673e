// A rating as five stars (filled up to the rating, a quarter star's grace), for the artist page,
// the reviews and the footer's review block.
import { Box, HStack } from '@chakra-ui/react';
import { StarIcon } from '@podium/shared/ui/icons';
import { starColor } from './artist-cards.ts';

/** `empty`: the colour of the stars not earned (lighter on a dark background). */
export function Stars({ rating, size = 16, empty = 'ink.200' }: { rating: number; size?: number; empty?: string }) {
  return (
    <HStack gap="0.5" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((star) => (
        <Box key={star} color={rating >= star - 0.25 ? starColor : empty} lineHeight="0">
          <StarIcon size={size} fill="currentColor" strokeWidth={0} />
        </Box>
      ))}
    </HStack>
  );
}
