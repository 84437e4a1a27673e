// Video and audio of the act. Nothing here loads with the page: external players (YouTube,
// Vimeo, Spotify, SoundCloud) appear only when the visitor presses play, so no third party
// sees the visit before that; files from storage use the browser's own player with
// preload="none".
import { AspectRatio, Box, chakra, Flex, Grid, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ArtistMediaItem } from '../data/artist-page.ts';
import { env } from '../env.ts';
import { MusicIcon, PlayIcon } from '@podium/shared/ui/icons';
import { mediaEmbed, type MediaEmbed } from './media-embeds.ts';

const publicFileUrl = (path: string) => `${env.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/artist-media/${path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/')}`;

export function MediaSection({ media, artistName }: { media: readonly ArtistMediaItem[]; artistName: string }) {
  const items = media.filter((item) => item.kind === 'video' || item.kind === 'audio');
  if (items.length === 0) return null;
  return (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
      {items.map((item) => (
        <MediaPlayer key={item.id} item={item} artistName={artistName} />
      ))}
    </Grid>
  );
}

function MediaPlayer({ item, artistName }: { item: ArtistMediaItem; artistName: string }) {
  const caption = item.caption.trim() || (item.kind === 'video' ? `Video van ${artistName}` : `Muziek van ${artistName}`);
  if (item.storage_path) {
    const src = publicFileUrl(item.storage_path);
    return (
      <Stack as="figure" gap="2" bg="white" borderWidth="1px" rounded="2xl" p="3">
        {item.kind === 'video' ? (
          <AspectRatio ratio={16 / 9}>
            <chakra.video controls preload="none" src={src} rounded="xl" bg="ink.900" aria-label={caption} />
          </AspectRatio>
        ) : (
          <chakra.audio controls preload="none" src={src} w="full" aria-label={caption} />
        )}
        <Text as="figcaption" fontSize="sm" color="fg.muted">
          {caption}
        </Text>
      </Stack>
    );
  }
  const embed = item.external_url ? mediaEmbed(item.external_url) : null;
  if (!embed) {
    return item.external_url ? (
      <Box bg="white" borderWidth="1px" rounded="2xl" p="4">
        <ChakraLink href={item.external_url} target="_blank" rel="noopener noreferrer" fontWeight="600" color="brand.700">
          {caption}
        </ChakraLink>
      </Box>
    ) : null;
  }
  return <EmbedOnDemand embed={embed} caption={caption} />;
}

function EmbedOnDemand({ embed, caption }: { embed: MediaEmbed; caption: string }) {
  const [playing, setPlaying] = useState(false);
  const ratio = embed.shape === 'video' ? 16 / 9 : 4;
  return (
    <Stack as="figure" gap="2" bg="white" borderWidth="1px" rounded="2xl" p="3">
      <AspectRatio ratio={ratio}>
        {playing ? (
          <Box
            as="iframe"
            {...{ src: embed.src, title: `${caption} (${embed.provider})`, allow: 'autoplay; encrypted-media; picture-in-picture; fullscreen', allowFullScreen: true }}
            rounded="xl"
            border="0"
          />
        ) : (
          <Flex
            as="button"
            onClick={() => setPlaying(true)}
            rounded="xl"
            bg="ink.900"
            color="white"
            direction="column"
            gap="2"
            align="center"
            justify="center"
            _hover={{ bg: 'ink.800' }}
            aria-label={`${caption} afspelen via ${embed.provider}`}
          >
            <Flex w="12" h="12" rounded="full" bg="brand.600" align="center" justify="center">
              {embed.shape === 'video' ? <PlayIcon size={20} fill="currentColor" /> : <MusicIcon size={20} />}
            </Flex>
            <Text fontSize="xs" color="whiteAlpha.800">
              Afspelen via {embed.provider}
            </Text>
          </Flex>
        )}
      </AspectRatio>
      <Text as="figcaption" fontSize="sm" color="fg.muted">
        {caption}
      </Text>
    </Stack>
  );
}
