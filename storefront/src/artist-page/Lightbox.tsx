// The gallery's lightbox, loaded the first time a photo is opened: one photo at a time on a
// dark stage, with previous/next (buttons, arrow keys) and a counter.
import { Box, Dialog, Flex, IconButton, Image, Portal, Text } from '@chakra-ui/react';
import { dialogRecipe } from '@podium/shared/theme-recipes';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@podium/shared/ui/icons';
import type { GalleryImage } from './gallery-images.ts';

export default function Lightbox({
  images,
  index,
  onIndexChange,
  artistName,
}: {
  images: readonly GalleryImage[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  artistName: string;
}) {
  const count = images.length;
  const image = index === null ? null : images[index];
  const step = (delta: number) => index !== null && onIndexChange((index + delta + count) % count);
  return (
    <Dialog.Root recipe={dialogRecipe} open={index !== null} onOpenChange={(details) => !details.open && onIndexChange(null)} size="full" motionPreset="none">
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.900" />
        <Dialog.Positioner>
          <Dialog.Content
            bg="transparent"
            shadow="none"
            color="white"
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') step(1);
              if (event.key === 'ArrowLeft') step(-1);
            }}
          >
            <Flex justify="space-between" align="center" px="4" py="3">
              <Dialog.Title fontSize="sm" fontWeight="600">
                {artistName} · foto {(index ?? 0) + 1} van {count}
              </Dialog.Title>
              <Dialog.CloseTrigger asChild position="static">
                <IconButton aria-label="Sluiten" variant="ghost" color="white" rounded="full" _hover={{ bg: 'whiteAlpha.200' }}>
                  <CloseIcon />
                </IconButton>
              </Dialog.CloseTrigger>
            </Flex>
            <Flex flex="1" align="center" justify="center" position="relative" px={{ base: '0', md: '20' }} pb="8">
              {image && (
                <Box as="figure" w="full" maxW="min(90vh, 900px)" textAlign="center">
                  <Image
                    src={image.src}
                    srcSet={image.srcSet}
                    sizes="(max-width: 767px) 100vw, 900px"
                    htmlWidth={image.size}
                    htmlHeight={image.size}
                    alt={image.alt}
                    w="full"
                    h="auto"
                    maxH="80vh"
                    objectFit="contain"
                    mx="auto"
                  />
                  {image.alt && (
                    <Text as="figcaption" mt="3" fontSize="sm" color="whiteAlpha.800">
                      {image.alt}
                    </Text>
                  )}
                </Box>
              )}
              {count > 1 && (
                <>
                  <IconButton
                    aria-label="Vorige foto"
                    position="absolute"
                    left="3"
                    top="50%"
                    transform="translateY(-50%)"
                    rounded="full"
                    bg="whiteAlpha.300"
                    color="white"
                    _hover={{ bg: 'whiteAlpha.500' }}
                    onClick={() => step(-1)}
                  >
                    <ChevronLeftIcon />
                  </IconButton>
                  <IconButton
                    aria-label="Volgende foto"
                    position="absolute"
                    right="3"
                    top="50%"
                    transform="translateY(-50%)"
                    rounded="full"
                    bg="whiteAlpha.300"
                    color="white"
                    _hover={{ bg: 'whiteAlpha.500' }}
                    onClick={() => step(1)}
                  >
                    <ChevronRightIcon />
                  </IconButton>
                </>
              )}
            </Flex>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
