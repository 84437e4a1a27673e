// The favourite heart: on artist cards and the artist page. Works for guests too
// (kept on the device); a filled heart is a favourite.
import { IconButton } from '@chakra-ui/react';
import { HeartIcon } from '@podium/shared/ui/icons';
import { useFavorite, type FavoriteTarget } from './use-favorites.ts';

export function FavoriteButton({ artist, size = 'sm', tone = 'overlay' }: { artist: FavoriteTarget; size?: 'sm' | 'md' | 'lg'; tone?: 'overlay' | 'plain' }) {
  const { isFavorite, toggle } = useFavorite(artist);
  return (
    <IconButton
      aria-label={isFavorite ? `${artist.name} verwijderen uit favorieten` : `${artist.name} bewaren als favoriet`}
      aria-pressed={isFavorite}
      title={isFavorite ? 'Verwijderen uit favorieten' : 'Bewaren als favoriet'}
      size={size}
      rounded="full"
      variant={tone === 'overlay' ? 'solid' : 'outline'}
      bg={tone === 'overlay' ? 'whiteAlpha.900' : undefined}
      color={isFavorite ? 'brand.600' : 'ink.800'}
      _hover={{ bg: tone === 'overlay' ? 'white' : 'bg.muted', color: 'brand.600' }}
      onClick={(event) => {
        // On a card the heart sits inside the link to the artist: it must not open the page.
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
    >
      <HeartIcon size={18} fill={isFavorite ? 'currentColor' : 'none'} />
    </IconButton>
  );
}
