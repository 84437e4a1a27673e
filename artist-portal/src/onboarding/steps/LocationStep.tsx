// The location step: where the act is based (a place of public.places), how far it travels and
// its website.
import { Box, Field, Input, Stack, Text } from '@chakra-ui/react';
import { travelRadiusLabel, travelRadiusOptions, validateWebsite } from '@podium/shared/artist-onboarding';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { PlacePicker } from '@podium/shared/ui/PlacePicker';
import { useId, useState, type FormEvent } from 'react';
import { saveLocation, type OwnAct } from '../../data/listing.ts';
import { listingPlaceQueries } from '../../data/places.ts';
import { AlertText } from '../../portal/LoadState.tsx';
import { problemText, StepButtons, useSaver } from './form-parts.tsx';

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
