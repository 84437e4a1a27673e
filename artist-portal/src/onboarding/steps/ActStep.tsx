// The act step: name (with the address it gets), categories, genres and the description, checked
// as shared/src/artist-onboarding.ts says; the first save creates the draft act.
import { Box, Button, Field, Flex, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { actLimits, bioGuide, joinGenres, splitGenres, validateAct, type FieldErrors } from '@podium/shared/artist-onboarding';
import { artistCategories, categoryLabels } from '@podium/shared/categories';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { previewSlug, saveAct, type OwnAct } from '../../data/listing.ts';
import { AlertText } from '../../portal/LoadState.tsx';
import { problemText, StepButtons, useSaver } from './form-parts.tsx';

const storefrontOrigin = typeof window === 'undefined' ? '' : window.location.origin;

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
