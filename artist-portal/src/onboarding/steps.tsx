// The onboarding's steps (act, place, media, packages, payout), each a form that saves on its own:
// the onboarding walks through them in order, the listing editor opens any of them. The checks
// are shared/src/artist-onboarding.ts's; the database makes them too.
import { Badge, Box, Button, Field, Flex, Grid, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import {
  actLimits,
  bioGuide,
  formatIban,
  joinGenres,
  packageLimits,
  parseEuros,
  splitGenres,
  travelRadiusLabel,
  travelRadiusOptions,
  validateAct,
  validateMediaLink,
  validatePackage,
  validateWebsite,
  validatePayout,
  validatePhoto,
  type FieldErrors,
} from '@podium/shared/artist-onboarding';
import { artistCategories, categoryLabels } from '@podium/shared/categories';
import { dutchCents, dutchDuration } from '@podium/shared/dutch';
import { imageUrl } from '@podium/shared/images';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { toast } from '@podium/shared/toast';
import { ConfirmDialog } from '@podium/shared/ui/ConfirmDialog';
import { PlacePicker } from '@podium/shared/ui/PlacePicker';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { env } from '../env.ts';
import { useDragSort } from './drag-sort.ts';
import {
  addMediaLink,
  DatabaseRefusal,
  deleteMedia,
  deletePackage,
  onboardingKey,
  previewSlug,
  reorderMedia,
  saveAct,
  saveLocation,
  savePackage,
  savePayout,
  setCover,
  uploadPhoto,
  type ChangeReview,
  type Onboarding,
  type OwnAct,
  type OwnMedia,
  type OwnPackage,
} from '../data/listing.ts';
import { listingPlaceQueries } from '../data/places.ts';
import { AlertText } from '../portal/LoadState.tsx';
import { MollieConnect } from '../payouts/MollieConnect.tsx';

const storefrontOrigin = typeof window === 'undefined' ? '' : window.location.origin;

/** SQLSTATEs of the refusals our functions and triggers word for people (invalid input, nothing found). */
const refusalsForPeople = new Set(['22023', 'P0002']);

/**
 * What a form says when a save fails: a database refusal written for people (by its code), our
 * own Dutch message (an upload's), or a general one for everything else (RLS, network, constraints).
 */
export const problemText = (error: unknown) => {
  const fallback = 'Opslaan lukte niet. Probeer het opnieuw.';
  if (error instanceof DatabaseRefusal) return error.code && refusalsForPeople.has(error.code) ? error.message : fallback;
  return error instanceof Error && error.message && !/fetch|network|JWT/i.test(error.message) ? error.message : fallback;
};

export function useSaver<T>(save: (input: T) => Promise<void>, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: onboardingKey });
      onSaved();
    },
  });
}

export function ActStep({ userId, act, onSaved, saveLabel }: { userId: string; act: OwnAct | null; onSaved: () => void; saveLabel?: string }) {
  const ids = useId();
  const [name, setName] = useState(act?.name ?? '');
  const [categories, setCategories] = useState<string[]>(act?.categories ?? []);
  const [genres, setGenres] = useState<string[]>(act ? splitGenres(act.genre) : []);
  const [genreText, setGenreText] = useState('');
  const [bio, setBio] = useState(act?.bio ?? '');
  const [errors, setErrors] = useState<FieldErrors<'name' | 'categories' | 'genres' | 'bio'>>({});
  const [slugName, setSlugName] = useState(name.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSlugName(name.trim()), 300);
    return () => clearTimeout(timer);
  }, [name]);
  const submittedBefore = Boolean(act?.submitted_at);
  const slug = useQuery({ queryKey: ['artist-slug-preview', slugName], queryFn: () => previewSlug(slugName), enabled: slugName.length >= actLimits.nameMin && !submittedBefore });
  const save = useSaver(() => saveAct(userId, act, { name: name.trim(), categories, genre: joinGenres(genres), bio }), onSaved);
  const addGenre = () => {
    const genre = genreText.trim().replace(/,/g, ' ');
    if (genre && !genres.some((known) => known.toLowerCase() === genre.toLowerCase())) setGenres([...genres, genre]);
    setGenreText('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const all = genreText.trim() ? [...genres, genreText.trim()] : genres;
    const found = validateAct({ name, categories, genres: all, bio });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (genreText.trim()) addGenre();
    save.mutate(undefined, {});
  };
  const guide = bioGuide(bio);
  const address = submittedBefore ? act!.slug : slug.data;
  return (
    <form onSubmit={submit} noValidate aria-label="Je act">
      <Stack gap="5">
        <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.name)}>
          <Field.Label>Naam van je act</Field.Label>
          <Input bg="white" value={name} maxLength={actLimits.nameMax} onChange={(event) => setName(event.target.value)} placeholder="Bijvoorbeeld De Vrolijke Band" />
          <Field.HelperText data-testid="public-address">
            {address ? (
              <>
                Je pagina: {storefrontOrigin.replace(/^https?:\/\//, '')}/artists/<strong>{address}</strong>
                {address.endsWith('-…') && ' (er is al een act met deze naam; je adres krijgt een toevoeging)'}
              </>
            ) : (
              'Je pagina krijgt een adres met deze naam.'
            )}
          </Field.HelperText>
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>

        <Box as="fieldset" aria-describedby={errors.categories ? `${ids}-cat-error` : undefined}>
          <Text as="legend" fontWeight="600" mb="2">
            Categorieën
          </Text>
          <Flex gap="2" flexWrap="wrap">
            {artistCategories.map((category) => {
              const checked = categories.includes(category);
              return (
                <Box
                  as="label"
                  key={category}
                  display="inline-flex"
                  alignItems="center"
                  gap="2"
                  px="3"
                  py="1.5"
                  rounded="full"
                  borderWidth="1px"
                  borderColor={checked ? 'brand.500' : 'border'}
                  bg={checked ? 'brand.50' : 'white'}
                  cursor="pointer"
                  _focusWithin={{ outline: '2px solid', outlineColor: 'brand.500' }}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => setCategories(checked ? categories.filter((item) => item !== category) : [...categories, category])}
                    style={{ accentColor: 'var(--chakra-colors-brand-600)' }}
                  />
                  {categoryLabels[category]}
                </Box>
              );
            })}
          </Flex>
          {errors.categories && (
            <Text id={`${ids}-cat-error`} color="red.700" fontSize="sm" mt="1">
              {errors.categories}
            </Text>
          )}
        </Box>

        <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.genres)}>
          <Field.Label>Genres</Field.Label>
          <HStack>
            <Input
              bg="white"
              flex="1"
              value={genreText}
              maxLength={actLimits.genreMax}
              placeholder="Bijvoorbeeld soul"
              onChange={(event) => setGenreText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ',') {
                  event.preventDefault();
                  addGenre();
                }
              }}
            />
            <Button variant="outline" rounded="full" onClick={addGenre} disabled={!genreText.trim() || genres.length >= actLimits.genresMax}>
              Toevoegen
            </Button>
          </HStack>
          <Field.HelperText>Tot {actLimits.genresMax} genres. Enter voegt er een toe.</Field.HelperText>
          <Field.ErrorText>{errors.genres}</Field.ErrorText>
        </Field.Root>
        {genres.length > 0 && (
          <Flex as="ul" gap="2" flexWrap="wrap" aria-label="Gekozen genres" mt="-3">
            {genres.map((genre) => (
              <HStack as="li" key={genre} gap="1" bg="ink.50" rounded="full" ps="3" pe="1" py="0.5">
                <Text>{genre}</Text>
                <Button size="xs" variant="ghost" rounded="full" aria-label={`${genre} weghalen`} onClick={() => setGenres(genres.filter((item) => item !== genre))}>
                  ✕
                </Button>
              </HStack>
            ))}
          </Flex>
        )}

        <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.bio)}>
          <Field.Label>Over je act</Field.Label>
          <Textarea
            recipe={textareaRecipe}
            bg="white"
            rows={8}
            value={bio}
            maxLength={actLimits.bioMax}
            onChange={(event) => setBio(event.target.value)}
            placeholder="Wie zijn jullie, wat spelen jullie, waar hebben jullie opgetreden en wat maakt een feest met jullie bijzonder?"
          />
          <HStack justify="space-between" w="full" fontSize="sm">
            <Text color={guide.tone === 'short' ? 'red.700' : guide.tone === 'good' ? 'green.700' : 'fg.muted'} data-testid="bio-guide">
              {guide.text}
            </Text>
            <Text color="fg.muted" flexShrink={0}>
              {bio.trim().length} tekens
            </Text>
          </HStack>
          <Field.ErrorText>{errors.bio}</Field.ErrorText>
        </Field.Root>

        {save.isError && <AlertText>{problemText(save.error)}</AlertText>}
        <StepButtons saving={save.isPending} label={saveLabel} />
      </Stack>
    </form>
  );
}

function StepButtons({ saving, label = 'Opslaan en verder' }: { saving: boolean; label?: string | undefined }) {
  return (
    <HStack justify="flex-end">
      <Button type="submit" colorPalette="brand" rounded="full" loading={saving} loadingText="Opslaan…">
        {label}
      </Button>
    </HStack>
  );
}

export function LocationStep({ act, onSaved, saveLabel }: { act: OwnAct; onSaved: () => void; saveLabel?: string }) {
  const ids = useId();
  const [placeId, setPlaceId] = useState<number | null>(act.place_id);
  const [radius, setRadius] = useState<number>(act.travel_radius_km ?? 50);
  const [website, setWebsite] = useState(act.website_url ?? '');
  const [errors, setErrors] = useState<{ place?: string; website?: string }>({});
  const save = useSaver(() => saveLocation(act.id, { place_id: placeId!, travel_radius_km: radius, website_url: website.trim() || null }), onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (placeId === null) found.place = 'Kies je woonplaats of standplaats uit de lijst.';
    const websiteProblem = validateWebsite(website);
    if (websiteProblem) found.website = websiteProblem;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Locatie">
      <Stack gap="5">
        <Stack gap="1">
          <Text fontWeight="600">Waar ben je gevestigd?</Text>
          <PlacePicker queries={listingPlaceQueries} placeId={placeId} onChange={setPlaceId} label="Woonplaats of standplaats" invalid={Boolean(errors.place)} />
          {errors.place && <AlertText>{errors.place}</AlertText>}
        </Stack>
        <Field.Root recipe={fieldRecipe}>
          <Field.Label htmlFor={`${ids}-radius`}>Hoe ver wil je reizen?</Field.Label>
          <Box asChild w="full" h="10" px="3" rounded="lg" borderWidth="1px" bg="white">
            <select id={`${ids}-radius`} value={radius} onChange={(event) => setRadius(Number(event.target.value))}>
              {travelRadiusOptions.map((km) => (
                <option key={km} value={km}>
                  {travelRadiusLabel(km)}
                </option>
              ))}
            </select>
          </Box>
          <Field.HelperText>Klanten verder weg zien je niet bij 'in de buurt'.</Field.HelperText>
        </Field.Root>
        <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.website)}>
          <Field.Label>Website (optioneel)</Field.Label>
          <Input bg="white" type="url" inputMode="url" value={website} onChange={(event) => setWebsite(event.target.value)} placeholder="https://" />
          <Field.ErrorText>{errors.website}</Field.ErrorText>
        </Field.Root>
        {save.isError && <AlertText>{problemText(save.error)}</AlertText>}
        <StepButtons saving={save.isPending} label={saveLabel} />
      </Stack>
    </form>
  );
}

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

const durationChoices = [30, 45, 60, 90, 120, 150, 180, 240, 300, 360, 480];

export function PackagesStep({ act, packages, onNext }: { act: OwnAct; packages: OwnPackage[]; onNext?: () => void }) {
  const [editing, setEditing] = useState<OwnPackage | 'new' | null>(packages.length === 0 ? 'new' : null);
  const queryClient = useQueryClient();
  // Deleting is asked for once more, naming the package, and said afterwards: a package cannot come back.
  const [deleting, setDeleting] = useState<OwnPackage | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deletePackage(id),
    onSuccess: () => {
      setDeleting(null);
      toast({ title: 'Pakket verwijderd' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingKey }),
  });
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        Een pakket is wat een klant boekt: bijvoorbeeld 'Feestavond, 3 × 45 minuten' of 'Ceremonie'. De prijs is wat jij ontvangt; Podium rekent de klant daarbovenop servicekosten.
      </Text>
      {packages.map((pkg) =>
        editing !== 'new' && editing?.id === pkg.id ? (
          <PackageForm key={pkg.id} act={act} pkg={pkg} sortOrder={pkg.sort_order} onDone={() => setEditing(null)} />
        ) : (
          // On a phone the price and buttons go under the name, so neither squeezes the other.
          <Flex
            key={pkg.id}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ base: 'stretch', sm: 'center' }}
            borderWidth="1px"
            rounded="xl"
            p="3"
            data-testid="onboarding-package"
            gap={{ base: '1', sm: '3' }}
          >
            <Stack gap="0" minW="0">
              <HStack gap="2" flexWrap="wrap">
                <Text fontWeight="700">{pkg.name}</Text>
                {(pkg.pending_review || pkg.text_pending) && (
                  <Badge colorPalette="gray" variant="solid">
                    Wacht op beoordeling
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                {dutchDuration(pkg.duration_minutes)}
                {pkg.description ? ` · ${pkg.description}` : ''}
              </Text>
            </Stack>
            <HStack gap="1" flexShrink={0}>
              <Text fontWeight="700" me="auto">
                {dutchCents(pkg.price_cents)}
              </Text>
              <Button size="xs" variant="ghost" onClick={() => setEditing(pkg)}>
                Wijzigen
              </Button>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`${pkg.name} verwijderen`}
                onClick={() => {
                  remove.reset();
                  setDeleting(pkg);
                }}
              >
                Verwijderen
              </Button>
            </HStack>
          </Flex>
        ),
      )}
      {deleting && (
        <ConfirmDialog
          title={`Pakket '${deleting.name}' verwijderen?`}
          description="Klanten kunnen dit pakket dan niet meer boeken. Boekingen die al gedaan zijn, blijven staan."
          busy={remove.isPending}
          problem={remove.isError ? 'Het pakket kon niet worden verwijderd. Probeer het opnieuw.' : null}
          onClose={() => setDeleting(null)}
          onSubmit={() => remove.mutate(deleting.id)}
          submitLabel="Verwijderen"
          testId="delete-package-dialog"
        />
      )}
      {editing === 'new' ? (
        <PackageForm act={act} pkg={null} sortOrder={packages.length + 1} onDone={() => setEditing(null)} />
      ) : (
        <Box>
          <Button variant="outline" rounded="full" onClick={() => setEditing('new')}>
            Pakket toevoegen
          </Button>
        </Box>
      )}
      {onNext && (
        <HStack justify="flex-end">
          <Button colorPalette="brand" rounded="full" onClick={onNext} disabled={packages.length === 0}>
            Verder
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function PackageForm({ act, pkg, sortOrder, onDone }: { act: OwnAct; pkg: OwnPackage | null; sortOrder: number; onDone: () => void }) {
  const ids = useId();
  const [name, setName] = useState(pkg?.name ?? '');
  const [description, setDescription] = useState(pkg?.description ?? '');
  const [price, setPrice] = useState(pkg ? String(pkg.price_cents / 100).replace('.', ',') : '');
  const [duration, setDuration] = useState(pkg?.duration_minutes ?? 120);
  const [errors, setErrors] = useState<ReturnType<typeof validatePackage>>({});
  const save = useSaver(
    () => savePackage(act.id, { id: pkg?.id, name: name.trim(), description: description.trim(), price_cents: parseEuros(price)!, duration_minutes: duration, sort_order: sortOrder }),
    onDone,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePackage({ name, description, price, durationMinutes: duration });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={pkg ? `${pkg.name} wijzigen` : 'Nieuw pakket'}>
      <Stack gap="4" bg="ink.50" rounded="xl" p="4">
        <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.name)}>
          <Field.Label>Naam van het pakket</Field.Label>
          <Input bg="white" value={name} maxLength={packageLimits.nameMax} onChange={(event) => setName(event.target.value)} placeholder="Bijvoorbeeld Feestavond" />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.description)}>
          <Field.Label>Wat is inbegrepen</Field.Label>
          <Textarea
            recipe={textareaRecipe}
            bg="white"
            rows={3}
            value={description}
            maxLength={packageLimits.descriptionMax}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="Bijvoorbeeld 3 sets van 45 minuten, eigen geluid en licht, reiskosten tot 50 km"
          />
          <Field.ErrorText>{errors.description}</Field.ErrorText>
        </Field.Root>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.price)}>
            <Field.Label>Prijs in euro</Field.Label>
            <Input bg="white" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} placeholder="650" />
            <Field.ErrorText>{errors.price}</Field.ErrorText>
          </Field.Root>
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.durationMinutes)}>
            <Field.Label htmlFor={`${ids}-duration`}>Duur</Field.Label>
            <Box asChild w="full" h="10" px="3" rounded="lg" borderWidth="1px" bg="white">
              <select id={`${ids}-duration`} value={duration} onChange={(event) => setDuration(Number(event.target.value))}>
                {[...new Set([...durationChoices, duration])]
                  .sort((a, b) => a - b)
                  .map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {dutchDuration(minutes)}
                    </option>
                  ))}
              </select>
            </Box>
            <Field.ErrorText>{errors.durationMinutes}</Field.ErrorText>
          </Field.Root>
        </Grid>
        {save.isError && <AlertText>{problemText(save.error)}</AlertText>}
        <HStack justify="flex-end" gap="2">
          <Button variant="ghost" rounded="full" onClick={onDone}>
            Annuleren
          </Button>
          <Button type="submit" colorPalette="brand" rounded="full" loading={save.isPending}>
            Pakket opslaan
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export function PayoutStep({ data, onSaved, saveLabel }: { data: Onboarding; onSaved: () => void; saveLabel?: string }) {
  const [accountHolder, setAccountHolder] = useState(data.payout?.account_holder ?? '');
  const [iban, setIban] = useState(data.payout ? formatIban(data.payout.iban) : '');
  const [kvkNumber, setKvkNumber] = useState(data.payout?.kvk_number ?? '');
  const [errors, setErrors] = useState<ReturnType<typeof validatePayout>>({});
  const save = useSaver(() => savePayout({ accountHolder, iban, kvkNumber }), onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePayout({ accountHolder, iban, kvkNumber });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  return (
    <Stack gap="6">
      {data.act && <MollieConnect actId={data.act.id} />}
      <form onSubmit={submit} noValidate aria-label="Uitbetaling">
        <Stack gap="5">
          <Text color="fg.muted">Je rekeninggegevens komen op je facturen. Alleen jij en Podium zien ze; je gage ontvang je via je Mollie-account hierboven.</Text>
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.accountHolder)}>
            <Field.Label>Naam rekeninghouder</Field.Label>
            <Input bg="white" autoComplete="name" value={accountHolder} onChange={(event) => setAccountHolder(event.target.value)} />
            <Field.ErrorText>{errors.accountHolder}</Field.ErrorText>
          </Field.Root>
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.iban)}>
            <Field.Label>IBAN</Field.Label>
            <Input
              bg="white"
              value={iban}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setIban(event.target.value.toUpperCase())}
              onBlur={() => setIban(formatIban(iban))}
              placeholder="NL00 BANK 0123 4567 89"
            />
            <Field.ErrorText>{errors.iban}</Field.ErrorText>
          </Field.Root>
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.kvkNumber)}>
            <Field.Label>KvK-nummer (optioneel)</Field.Label>
            <Input bg="white" inputMode="numeric" maxLength={10} value={kvkNumber} onChange={(event) => setKvkNumber(event.target.value)} />
            <Field.HelperText>Heb je een bedrijf of eenmanszaak? Dan zetten we je KvK-nummer op de facturen.</Field.HelperText>
            <Field.ErrorText>{errors.kvkNumber}</Field.ErrorText>
          </Field.Root>
          {save.isError && <AlertText>{problemText(save.error)}</AlertText>}
          <StepButtons saving={save.isPending} label={saveLabel} />
        </Stack>
      </form>
    </Stack>
  );
}
