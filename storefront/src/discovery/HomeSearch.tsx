// The home page's search, as the marketplaces people compare us with open: what (a kind of act),
// where (a place from the suggestions), when (a date) and how many guests, each optional. 'Zoeken'
// opens the artist list filtered on them (home-search.ts); a field it cannot read gets its Dutch
// message and the focus, and nothing is searched until it is put right.
import { Box, Button, chakra, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { artistCategories, categoryLabels } from '@podium/shared/categories';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '@podium/shared/ui/icons';
import { useToday } from '../platform/today.ts';
import { dayAfter, homeSearchPath, homeSearchProblems, type HomeSearchField, type HomeSearchInput } from './home-search.ts';
import { NativeSelect } from '@podium/shared/ui/NativeSelect';
import { PlacePicker } from './PlacePicker.tsx';

function SearchField({ label, htmlFor, problem, problemId, children, area }: { label: string; htmlFor?: string; problem?: string; problemId?: string; children: ReactNode; area: string }) {
  return (
    <Stack gap="1" gridArea={area} minW="0">
      {htmlFor ? (
        <chakra.label htmlFor={htmlFor} fontSize="sm" fontWeight="700" color="ink.900" ps="1">
          {label}
        </chakra.label>
      ) : (
        // The place field's combobox carries the same words as its own (hidden) label.
        <Text fontSize="sm" fontWeight="700" color="ink.900" ps="1" aria-hidden="true">
          {label}
        </Text>
      )}
      {children}
      {problem && (
        <Text id={problemId} fontSize="sm" fontWeight="600" color="red.700" ps="1" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

const control = {
  bg: 'white',
  rounded: 'full',
  h: '10',
  borderWidth: '1px',
  borderColor: 'border',
  color: 'ink.900',
} as const;

export function HomeSearch() {
  const id = useId();
  const navigate = useNavigate();
  const today = useToday();
  const formRef = useRef<HTMLFormElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState<HomeSearchInput>({ category: '', placeId: null, placeText: '', date: '', guests: '' });
  const [tried, setTried] = useState(false);
  const problems = tried ? homeSearchProblems(input, today) : {};
  const change = (next: Partial<HomeSearchInput>) => setInput((current) => ({ ...current, ...next }));
  const problemId = (field: HomeSearchField) => `${id}-${field}-problem`;
  const invalid = (field: HomeSearchField) => (problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': problemId(field) } : {});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = homeSearchProblems(input, today);
    const first = (['place', 'date', 'guests'] as const).find((field) => found[field]);
    if (first) {
      const target = first === 'place' ? formRef.current?.querySelector<HTMLElement>('[data-testid="place-picker"]') : formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`);
      target?.focus();
      return;
    }
    void navigate(homeSearchPath(input));
  };

  return (
    <chakra.form
      ref={formRef}
      role="search"
      aria-label="Zoek een artiest"
      noValidate
      onSubmit={submit}
      bg="white"
      color="ink.900"
      rounded={{ base: '2xl', md: '3xl' }}
      shadow="xl"
      p={{ base: '4', md: '5' }}
      data-testid="home-search"
    >
      <Grid
        gap={{ base: '3', md: '4' }}
        alignItems="start"
        templateColumns={{ base: '1fr 1fr', md: '1fr 1fr 1fr', lg: '1.1fr 1.4fr 1.1fr 0.8fr auto' }}
        templateAreas={{ base: '"what what" "where where" "when guests" "go go"', md: '"what where where" "when guests go"', lg: '"what where when guests go"' }}
      >
        <SearchField label="Wat" htmlFor={`${id}-category`} area="what">
          {/* Round like the other fields of the search. */}
          <Box css={{ '& select': { borderRadius: '9999px' } }}>
            <NativeSelect id={`${id}-category`} value={input.category} onChange={(category) => change({ category })}>
              <option value="">Alle artiesten</option>
              {artistCategories.map((category) => (
                <option key={category} value={category}>
                  {categoryLabels[category]}
                </option>
              ))}
            </NativeSelect>
          </Box>
        </SearchField>
        <SearchField label="Waar" problem={problems.place} problemId={problemId('place')} area="where">
          <Box {...(problems.place ? { 'data-invalid': '' } : {})}>
            <PlacePicker
              label="Waar"
              placeId={input.placeId}
              onTextChange={(placeText) => change({ placeText })}
              onChange={(placeId) => {
                change({ placeId, placeText: '' });
                // Chosen: on to the next question (the suggestion list and its input are gone).
                if (placeId !== null) requestAnimationFrame(() => dateRef.current?.focus());
              }}
            />
          </Box>
        </SearchField>
        <SearchField label="Wanneer" htmlFor={`${id}-date`} problem={problems.date} problemId={problemId('date')} area="when">
          <Input ref={dateRef} id={`${id}-date`} type="date" min={dayAfter(today)} value={input.date} onChange={(event) => change({ date: event.target.value })} {...control} {...invalid('date')} />
        </SearchField>
        <SearchField label="Gasten" htmlFor={`${id}-guests`} problem={problems.guests} problemId={problemId('guests')} area="guests">
          <Input
            id={`${id}-guests`}
            inputMode="numeric"
            autoComplete="off"
            placeholder="Aantal"
            value={input.guests}
            onChange={(event) => change({ guests: event.target.value })}
            {...control}
            {...invalid('guests')}
          />
        </SearchField>
        <Box gridArea="go" pt={{ base: '1', md: '6' }}>
          <Button type="submit" colorPalette="brand" rounded="full" h={{ base: '12', md: '10' }} px="6" w="full">
            <SearchIcon size={18} />
            Zoeken
          </Button>
        </Box>
      </Grid>
    </chakra.form>
  );
}
