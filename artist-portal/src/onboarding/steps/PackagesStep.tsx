// The packages step: what a customer can book, with price and duration, added, edited and removed
// one at a time.
import { Badge, Box, Button, Field, Flex, Grid, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { packageLimits, parseEuros, validatePackage } from '@podium/shared/artist-onboarding';
import { dutchCents, dutchDuration } from '@podium/shared/dutch';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { toast } from '@podium/shared/toast';
import { ConfirmDialog } from '@podium/shared/ui/ConfirmDialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { deletePackage, onboardingKey, savePackage, type OwnAct, type OwnPackage } from '../../data/listing.ts';
import { AlertText } from '../../portal/LoadState.tsx';
import { problemText, useSaver } from './form-parts.tsx';

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
