// The media step: photos uploaded with progress, sorted by dragging, one of them the cover, and
// video and audio links; on an approved act, additions wait for review.
import { Badge, Box, Button, Flex, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { validateMediaLink, validatePhoto } from '@podium/shared/artist-onboarding';
import { imageUrl } from '@podium/shared/images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { env } from '../../env.ts';
import { useDragSort } from '../drag-sort.ts';
import { addMediaLink, deleteMedia, onboardingKey, reorderMedia, setCover, uploadPhoto, type ChangeReview, type OwnAct, type OwnMedia } from '../../data/listing.ts';
import { AlertText } from '../../portal/LoadState.tsx';
import { problemText } from './form-parts.tsx';

interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

export function MediaStep({ act, media, review = null, onNext }: { act: OwnAct; media: OwnMedia[]; review?: ChangeReview | null; onNext?: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: onboardingKey });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [linkKind, setLinkKind] = useState<'video' | 'audio'>('video');
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const links = media.filter((item) => item.kind !== 'image');
  const change = useMutation({ mutationFn: (work: () => Promise<unknown>) => work(), onSettled: refresh, onError: (error) => setProblem(problemText(error)) });
  const liveCover = review ? review.live.cover_path : act.cover_path;
  const remove = (item: OwnMedia) => change.mutate(() => deleteMedia(act, item, media, liveCover));
  // The same array until the media change, so a finished drag shows until the saved order is back.
  const images = useMemo(() => media.filter((item) => item.kind === 'image'), [media]);
  const sorter = useDragSort(images, (ordered) => change.mutate(() => reorderMedia([...ordered, ...links])));
  const photos = sorter.shown;

  const choose = (files: FileList | null) => {
    setProblem(null);
    let count = photos.length;
    for (const file of Array.from(files ?? [])) {
      const refusal = validatePhoto(file, count);
      const key = `${file.name}-${crypto.randomUUID()}`;
      if (refusal) {
        setUploads((current) => [...current, { key, name: file.name, progress: 0, error: refusal }]);
        continue;
      }
      count += 1;
      setUploads((current) => [...current, { key, name: file.name, progress: 0, error: null }]);
      const { done } = uploadPhoto(act, file, media.length + count, (progress) => setUploads((current) => current.map((item) => (item.key === key ? { ...item, progress } : item))));
      done.then(
        async () => {
          await refresh();
          setUploads((current) => current.filter((item) => item.key !== key));
        },
        (error: unknown) => setUploads((current) => current.map((item) => (item.key === key ? { ...item, error: problemText(error) } : item))),
      );
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const ordered = [...photos];
    const [item] = ordered.splice(index, 1);
    ordered.splice(index + by, 0, item!);
    change.mutate(() => reorderMedia([...ordered, ...links]));
  };
  const addLink = (event: FormEvent) => {
    event.preventDefault();
    const refusal = validateMediaLink(linkUrl);
    setLinkError(refusal);
    if (refusal) return;
    change.mutate(() => addMediaLink(act.id, linkKind, linkUrl, media.length + 1), { onSuccess: () => setLinkUrl('') });
  };
  return (
    <Stack gap="6">
      <Stack gap="3">
        <Text color="fg.muted">
          Goede foto's maken het verschil: laat je act zien op een podium, met publiek. De eerste foto of de foto die je kiest is je omslagfoto. Sleep een foto aan de greep om de volgorde te
          veranderen.
        </Text>
        <Box>
          <Button asChild colorPalette="brand" rounded="full">
            <label htmlFor={`${ids}-photos`}>Foto's kiezen</label>
          </Button>
          <input
            id={`${ids}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            multiple
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
            aria-label="Foto's kiezen"
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
          />
          <Text fontSize="sm" color="fg.muted" mt="1">
            JPG, PNG, WebP of AVIF, tot 10 MB per foto.
          </Text>
        </Box>
        {uploads.length > 0 && (
          <Stack gap="2" aria-live="polite">
            {uploads.map((upload) => (
              <Stack key={upload.key} gap="1" data-testid="photo-upload">
                <HStack justify="space-between">
                  <Text fontSize="sm" lineClamp={1}>
                    {upload.name}
                  </Text>
                  {upload.error ? (
                    <Button size="xs" variant="ghost" onClick={() => setUploads((current) => current.filter((item) => item.key !== upload.key))}>
                      Sluiten
                    </Button>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      {Math.round(upload.progress * 100)}%
                    </Text>
                  )}
                </HStack>
                {upload.error ? (
                  <AlertText>{upload.error}</AlertText>
                ) : (
                  <Box
                    h="2"
                    bg="ink.100"
                    rounded="full"
                    overflow="hidden"
                    role="progressbar"
                    aria-label={`${upload.name} uploaden`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(upload.progress * 100)}
                  >
                    <Box h="full" bg="brand.500" w={`${Math.round(upload.progress * 100)}%`} transition="width 0.2s" />
                  </Box>
                )}
              </Stack>
            ))}
          </Stack>
        )}
        {photos.length > 0 && (
          <Grid as="ul" data-sort-list templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }} gap="3" aria-label="Je foto's">
            {photos.map((photo, index) => {
              const cover = act.cover_path === photo.storage_path;
              return (
                <Stack
                  as="li"
                  key={photo.id}
                  data-sort-id={photo.id}
                  gap="2"
                  borderWidth={cover ? '2px' : '1px'}
                  borderColor={cover ? 'brand.500' : 'border'}
                  rounded="xl"
                  p="2"
                  data-testid="onboarding-photo"
                  opacity={sorter.dragging === photo.id ? 0.6 : 1}
                  bg="white"
                >
                  <Box position="relative">
                    <img
                      src={imageUrl({ supabaseUrl: env.supabaseUrl, bucket: 'artist-media', path: photo.storage_path, preset: 'card', device: 'mobile' }) ?? ''}
                      alt={`Foto ${index + 1} van ${act.name}`}
                      draggable={false}
                      style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 8 }}
                    />
                    <HStack position="absolute" top="2" left="2" gap="1" flexWrap="wrap">
                      {cover && (
                        <Badge colorPalette="brand" variant="solid">
                          Omslagfoto
                        </Badge>
                      )}
                      {photo.pending_review && (
                        <Badge colorPalette="gray" variant="solid">
                          Wacht op beoordeling
                        </Badge>
                      )}
                    </HStack>
                    <Box
                      as="span"
                      aria-hidden="true"
                      title="Slepen om te verplaatsen"
                      position="absolute"
                      top="2"
                      right="2"
                      bg="white"
                      rounded="md"
                      px="1.5"
                      lineHeight="1.4"
                      fontSize="lg"
                      boxShadow="sm"
                      userSelect="none"
                      data-testid="photo-drag-handle"
                      {...sorter.handle(photo.id)}
                    >
                      ⠿
                    </Box>
                    {/* Keyboards and screen readers move a photo with the arrow buttons below. */}
                  </Box>
                  <Flex gap="1" flexWrap="wrap">
                    {!cover && (
                      <Button size="xs" variant="outline" rounded="full" onClick={() => change.mutate(() => setCover(act.id, photo.storage_path))}>
                        Maak omslagfoto
                      </Button>
                    )}
                    <Button size="xs" variant="ghost" aria-label={`Foto ${index + 1} naar voren`} disabled={index === 0} onClick={() => move(index, -1)}>
                      ←
                    </Button>
                    <Button size="xs" variant="ghost" aria-label={`Foto ${index + 1} naar achteren`} disabled={index === photos.length - 1} onClick={() => move(index, 1)}>
                      →
                    </Button>
                    <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Foto ${index + 1} verwijderen`} onClick={() => remove(photo)}>
                      Verwijderen
                    </Button>
                  </Flex>
                </Stack>
              );
            })}
          </Grid>
        )}
      </Stack>

      <form onSubmit={addLink} noValidate aria-label="Video of muziek toevoegen">
        <Stack gap="3">
          <Text fontWeight="600">Video en muziek (optioneel)</Text>
          <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
            <Box asChild h="10" px="3" rounded="lg" borderWidth="1px" bg="white">
              <select aria-label="Soort" value={linkKind} onChange={(event) => setLinkKind(event.target.value as 'video' | 'audio')}>
                <option value="video">Video</option>
                <option value="audio">Muziek</option>
              </select>
            </Box>
            <Input
              bg="white"
              aria-label="Link naar video of muziek"
              type="url"
              inputMode="url"
              value={linkUrl}
              onChange={(event) => setLinkUrl(event.target.value)}
              placeholder="https://www.youtube.com/watch?v=…"
            />
            <Button type="submit" variant="outline" rounded="full">
              Toevoegen
            </Button>
          </Flex>
          {linkError && <AlertText>{linkError}</AlertText>}
          {links.length > 0 && (
            <Stack as="ul" gap="1" aria-label="Je links">
              {links.map((link) => (
                <HStack as="li" key={link.id} justify="space-between" borderWidth="1px" rounded="lg" px="3" py="1.5">
                  <Text lineClamp={1}>
                    {link.kind === 'video' ? 'Video' : 'Muziek'}: {link.external_url}
                    {link.pending_review ? ' (wacht op beoordeling)' : ''}
                  </Text>
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => remove(link)}>
                    Verwijderen
                  </Button>
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </form>
      {problem && <AlertText>{problem}</AlertText>}
      {onNext && (
        <HStack justify="flex-end">
          <Button colorPalette="brand" rounded="full" onClick={onNext} disabled={uploads.some((upload) => !upload.error)}>
            Verder
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
