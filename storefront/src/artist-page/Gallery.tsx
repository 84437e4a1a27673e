// The photo gallery: on phones a swipeable strip, from tablets up one large photo with
// thumbnails. The first photo is the page's largest paint: eager, high priority, sized. The
// lightbox module loads the first time a photo is opened.
import { Box, Button, Flex, Image, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { ImagesIcon } from '@podium/shared/ui/icons';
import type { GalleryImage } from './gallery-images.ts';

const Lightbox = lazy(() => import('./Lightbox.tsx'));

// The frame: the full width on phones and tablets, the content column (about 760 px) beside the booking card on desktops.
const mainSizes = '(max-width: 1023px) 100vw, 760px';

export function Gallery({ images, artistName }: { images: readonly GalleryImage[]; artistName: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const [current, setCurrent] = useState(0);
  const [lightboxWanted, setLightboxWanted] = useState(false);
  const show = (index: number) => {
    setLightboxWanted(true);
    setOpen(index);
  };

  if (images.length === 0) {
    return (
      <Flex aspectRatio={{ base: '4 / 3', md: '16 / 9' }} bg="ink.100" rounded={{ base: '0', md: '2xl' }} align="center" justify="center" color="ink.600" direction="column" gap="2">
        <ImagesIcon size={36} />
        <Text fontSize="sm">Nog geen foto&apos;s van {artistName}</Text>
      </Flex>
    );
  }

  return (
    <Box as="section" aria-label={`Foto's van ${artistName}`}>
      {/* Phones: a swipeable strip with a counter. */}
      <Box position="relative" display={{ base: 'block', md: 'none' }}>
        <Flex
          overflowX="auto"
          scrollSnapType="x mandatory"
          css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
          onScroll={(event) => {
            const strip = event.currentTarget;
            setCurrent(Math.round(strip.scrollLeft / Math.max(strip.clientWidth, 1)));
          }}
        >
          {images.map((image, index) => (
            <Box
              key={image.id}
              as="button"
              flex="0 0 100%"
              scrollSnapAlign="start"
              aspectRatio="4 / 3"
              bg="ink.100"
              onClick={() => show(index)}
              aria-label={`Foto ${index + 1} van ${images.length} groot bekijken`}
            >
              <GalleryPhoto image={image} eager={index === 0} sizes="100vw" />
            </Box>
          ))}
        </Flex>
        {images.length > 1 && (
          <Text position="absolute" bottom="3" right="3" bg="blackAlpha.700" color="white" fontSize="xs" fontWeight="700" px="2.5" py="1" rounded="full" aria-hidden="true">
            {Math.min(current, images.length - 1) + 1} / {images.length}
          </Text>
        )}
      </Box>

      {/* Tablets and desktops: the large photo and thumbnails. */}
      <Box display={{ base: 'none', md: 'block' }}>
        <Box position="relative" aspectRatio="16 / 10" rounded="2xl" overflow="hidden" bg="ink.100">
          <Box as="button" w="full" h="full" onClick={() => show(0)} aria-label={`Foto 1 van ${images.length} groot bekijken`} cursor="zoom-in">
            <GalleryPhoto image={images[0]!} eager sizes={mainSizes} />
          </Box>
          {images.length > 1 && (
            <Button position="absolute" bottom="4" right="4" size="sm" rounded="full" bg="white" color="ink.900" shadow="md" _hover={{ bg: 'ink.50' }} onClick={() => show(0)}>
              <ImagesIcon size={16} />
              Alle foto&apos;s ({images.length})
            </Button>
          )}
        </Box>
        {images.length > 1 && (
          <Flex gap="3" mt="3" overflowX="auto" pb="1">
            {images.slice(1, 7).map((image, offset) => (
              <Box
                key={image.id}
                as="button"
                flex="0 0 auto"
                w="24"
                h="24"
                rounded="xl"
                overflow="hidden"
                bg="ink.100"
                cursor="zoom-in"
                transition="opacity 0.2s"
                _hover={{ opacity: 0.85 }}
                onClick={() => show(offset + 1)}
                aria-label={`Foto ${offset + 2} van ${images.length} groot bekijken`}
              >
                <GalleryPhoto image={image} sizes="96px" />
              </Box>
            ))}
          </Flex>
        )}
      </Box>

      {lightboxWanted && (
        <Suspense fallback={null}>
          <Lightbox images={images} index={open} onIndexChange={setOpen} artistName={artistName} />
        </Suspense>
      )}
    </Box>
  );
}

function GalleryPhoto({ image, eager = false, sizes }: { image: GalleryImage; eager?: boolean; sizes: string }) {
  return (
    <Image
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      htmlWidth={image.size}
      htmlHeight={image.size}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding={eager ? 'sync' : 'async'}
      objectFit="cover"
      w="full"
      h="full"
      draggable={false}
    />
  );
}
