// An artist card (home, artist list, landing pages, related artists, favourites): the card
// image preset at each breakpoint with width and height set (no layout shift), name, kind,
// city, rating and starting price, with the favourite heart. The whole card links to the artist.
import { Box, Heading, HStack, Image, LinkOverlay, LinkBox, Stack, Text } from '@chakra-ui/react';
import { categoryLabel } from '@podium/shared/categories';
import { imagePresets, responsiveImage } from '@podium/shared/images';
import { memo } from 'react';
import { Link } from 'react-router';
import { artistPagePath, type SearchContext } from '../discovery/search-context.ts';
import { env } from '../env.ts';
import { FavoriteButton } from '../favorites/FavoriteButton.tsx';
import { StarIcon } from '@podium/shared/ui/icons';
import { track } from '../platform/analytics.ts';
import { artistPath, formatDistance, starColor, formatRating, fromPrice, primaryCategory, reviewCountText, type ArtistCardData } from './artist-cards.ts';

export interface ArtistCardProps {
  artist: ArtistCardData;
  /** 'list' lays the image beside the text (the artist list's list view). */
  layout?: 'grid' | 'list';
  /** The first cards above the fold load eagerly with high priority (LCP); the rest lazily. */
  priority?: boolean;
  /** Where the card was shown, for the select_artist analytics event ('home', 'search'...). */
  listName?: string;
  /** The search the card was found with (date, place, guests): the artist page opens with it. */
  context?: SearchContext;
}

const size = imagePresets.card.desktop.size;

/**
 * Memoized: a page re-renders when its query refetches or its filters change, and a card whose
 * artist is unchanged (react-query keeps equal data as the same objects) need not render again.
 * Cards are the bulk of the marketplace's pages; re-rendering 24 of them is a long task on a phone.
 */
export const ArtistCard = memo(function ArtistCard({ artist, layout = 'grid', priority = false, listName, context }: ArtistCardProps) {
  const category = primaryCategory(artist);
  const image = responsiveImage({ supabaseUrl: env.supabaseUrl, bucket: 'artist-media', path: artist.cover_path ?? artist.avatar_path, preset: 'card' });
  const list = layout === 'list';
  return (
    <LinkBox
      as="article"
      display="flex"
      flexDirection={list ? 'row' : 'column'}
      bg="white"
      rounded="2xl"
      borderWidth="1px"
      overflow="hidden"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ shadow: 'lg', transform: 'translateY(-2px)' }}
      _focusWithin={{ shadow: 'lg' }}
    >
      <Box position="relative" flexShrink={0} width={list ? { base: '32', sm: '44' } : 'full'} aspectRatio={list ? undefined : '1'} bg="ink.100">
        {image && (
          <Image
            src={image.src}
            srcSet={image.srcSet}
            sizes={list ? '176px' : image.sizes}
            htmlWidth={size}
            htmlHeight={size}
            alt={`${artist.name}${category ? `, ${categoryLabel(category).toLowerCase()}` : ''} uit ${artist.city}`}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            objectFit="cover"
            w="full"
            h="full"
          />
        )}
        {/* Above the card link's overlay, or a click on the heart would open the artist instead. */}
        <Box position="absolute" top="2" right="2" zIndex="1">
          <FavoriteButton artist={{ id: artist.id, name: artist.name, category }} />
        </Box>
      </Box>
      <Stack gap="1.5" p={{ base: '3', md: '4' }} flex="1" minW="0">
        {category && (
          <Text fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="0.08em" color="brand.700">
            {categoryLabel(category)}
          </Text>
        )}
        <Heading as="h3" fontSize="md" fontWeight="700" lineClamp={1}>
          <LinkOverlay asChild>
            <Link
              to={context ? artistPagePath(artist.slug, context) : artistPath(artist.slug)}
              onClick={() =>
                track('select_artist', { artist_id: artist.id, artist_name: artist.name, ...(category ? { artist_category: category } : {}), ...(listName ? { list_name: listName } : {}) })
              }
            >
              {artist.name}
            </Link>
          </LinkOverlay>
        </Heading>
        <Text fontSize="sm" color="fg.muted" lineClamp={1}>
          {[artist.genre, artist.city, artist.distance_km != null ? formatDistance(artist.distance_km) : null].filter(Boolean).join(' · ')}
        </Text>
        <HStack justify="space-between" mt="auto" pt="1" gap="2" flexWrap="wrap">
          <HStack gap="1" fontSize="sm" aria-label={artist.review_count > 0 ? `Beoordeling ${formatRating(artist.rating_avg)} van 5, ${reviewCountText(artist.review_count)}` : reviewCountText(0)}>
            {artist.review_count > 0 ? (
              <>
                <Box color={starColor}>
                  <StarIcon size={15} fill="currentColor" />
                </Box>
                <Text fontWeight="700">{formatRating(artist.rating_avg)}</Text>
                <Text color="fg.muted">({artist.review_count})</Text>
              </>
            ) : (
              <Text color="fg.muted">{reviewCountText(0)}</Text>
            )}
          </HStack>
          {artist.from_price_cents !== null && (
            <Text fontSize="sm" fontWeight="700">
              {fromPrice(artist.from_price_cents)}
            </Text>
          )}
        </HStack>
      </Stack>
    </LinkBox>
  );
});
