// The crop step of a new profile photo, loaded only when a photo is chosen (react-easy-crop with
// it): drag to place, zoom with the slider, the wheel or a pinch, arrow keys to move. 'Foto
// opslaan' hands the chosen square, drawn at 512 x 512, to the page, which uploads it.
import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogRecipe } from '@podium/shared/theme-recipes';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { squarePhoto } from './avatar-crop.ts';

export default function AvatarCropDialog({ src, onCropped, onCancel }: { src: string; onCropped: (photo: Blob) => void; onCancel: () => void }) {
  const id = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    if (!area) return;
    setBusy(true);
    setProblem(null);
    try {
      onCropped(await squarePhoto(src, area));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Je foto kon niet worden bijgesneden. Probeer het opnieuw.');
      setBusy(false);
    }
  };

  return (
    <Dialog.Root recipe={dialogRecipe} open onOpenChange={(event) => !event.open && onCancel()} placement="center" size={{ base: 'full', sm: 'md' }} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Full screen on a phone; from sm as tall as its content (the full size's min-height stays otherwise). */}
          <Dialog.Content rounded={{ base: '0', sm: '2xl' }} minH={{ base: '100dvh', sm: 'auto' }} data-testid="avatar-crop-dialog">
            <Dialog.Header pb="2">
              <Dialog.Title fontSize="xl" fontWeight="800">
                Foto bijsnijden
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description color="fg.muted" fontSize="sm">
                  Schuif de foto tot het vierkant goed zit en zoom in of uit. Met de pijltjestoetsen verplaats je de foto.
                </Dialog.Description>
                <Stack position="relative" h={{ base: '18rem', sm: '22rem' }} bg="ink.950" rounded="xl" overflow="hidden">
                  <Cropper
                    image={src}
                    crop={crop}
                    zoom={zoom}
                    aspect={1}
                    cropShape="rect"
                    showGrid
                    onCropChange={setCrop}
                    onZoomChange={setZoom}
                    onCropComplete={(_, pixels) => setArea(pixels)}
                    mediaProps={{ alt: 'Je gekozen foto' }}
                    cropperProps={{ 'aria-label': 'Uitsnede van je foto' } as React.HTMLAttributes<HTMLDivElement>}
                  />
                </Stack>
                <Stack gap="1">
                  <label htmlFor={`${id}-zoom`}>
                    <Text as="span" fontWeight="600" fontSize="sm">
                      Zoom
                    </Text>
                  </label>
                  <input
                    id={`${id}-zoom`}
                    type="range"
                    min={1}
                    max={3}
                    step={0.05}
                    value={zoom}
                    onChange={(event) => setZoom(Number(event.target.value))}
                    style={{ width: '100%', accentColor: 'var(--chakra-colors-brand-600)' }}
                  />
                </Stack>
                {problem && (
                  <Text role="alert" color="red.700" fontSize="sm">
                    {problem}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3" justify="flex-end" w="full" flexWrap="wrap">
                <Button variant="outline" rounded="full" onClick={onCancel} disabled={busy}>
                  Annuleren
                </Button>
                <Button colorPalette="brand" rounded="full" onClick={() => void save()} loading={busy} disabled={!area} data-testid="avatar-crop-save">
                  Foto opslaan
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Sluiten" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
