// The artist list's filters as a form: category, genre, place with a radius, a date the
// artist is free, a price range and a minimum rating. On wide screens each change applies at once;
// in the phone sheet the same panel edits a draft that "Toon … artiesten" applies.
import { Box, Input, Stack, Text } from '@chakra-ui/react';
import { bookingRequestMessages, guestCount } from '@podium/shared/booking-request';
import { artistCategories, categoryLabels } from '@podium/shared/categories';
import { dutchNumber } from '@podium/shared/dutch';
import { useId, useState, type ReactNode } from 'react';
import { useToday } from '../platform/today.ts';
import { radiusOptionsKm, ratingOptions, type ArtistFilters } from './artist-filters.ts';
import { PlacePicker } from './PlacePicker.tsx';
import { NativeSelect } from '@podium/shared/ui/NativeSelect';

export type FilterChange = Partial<ArtistFilters>;

function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <Stack gap="1.5">
      <Text asChild fontSize="sm" fontWeight="700">
        <label htmlFor={htmlFor}>{label}</label>
      </Text>
      {children}
    </Stack>
  );
}

/**
 * A text field that reports its value when the user is done with it (Enter or leaving it), or,
 * `live`, with every keystroke (the phone sheet's draft, whose count follows the typing). While
 * the field has focus a new value from outside does not overwrite what is being typed.
 */
function CommitInput({
  id,
  value,
  onCommit,
  live = false,
  ...rest
}: {
  id: string;
  value: string;
  onCommit: (value: string) => void;
  live?: boolean;
  placeholder?: string;
  inputMode?: 'numeric' | 'text';
  type?: string;
  min?: number;
}) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const [focused, setFocused] = useState(false);
  if (shownValue !== value) {
    setShownValue(value);
    if (!focused) setText(value);
  }
  return (
    <Input
      id={id}
      value={text}
      bg="white"
      onChange={(event) => {
        setText(event.target.value);
        if (live) onCommit(event.target.value);
      }}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        // Live, the value already holds the text (as read): show it as read.
        if (live) setText(value);
        else if (text !== value) onCommit(text);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onCommit(text);
        }
      }}
      {...rest}
    />
  );
}

/**
 * The number of guests: it narrows no results, it goes with the search to the artist and the
 * booking form. Read when the visitor is done typing; a number it cannot take is said at the field.
 */
function GuestsField({ id, guests, onChange }: { id: string; guests: number | null; onChange: (guests: number | null) => void }) {
  const value = guests?.toString() ?? '';
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
    setProblem(null);
  }
  const commit = () => {
    if (!text.trim()) {
      setProblem(null);
      if (guests !== null) onChange(null);
      return;
    }
    const count = guestCount(text);
    setProblem(count === null ? bookingRequestMessages.guests : null);
    if (count !== null && count !== guests) onChange(count);
  };
  return (
    <Field label="Aantal gasten" htmlFor={id}>
      <Input
        id={id}
        bg="white"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Bijvoorbeeld 120"
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {problem && (
        <Text id={`${id}-problem`} fontSize="sm" color="red.700" role="alert">
          {problem}
        </Text>
      )}
    </Field>
  );
}

const euros = (text: string) => {
  const number = Number(text.replace(/[^\d]/g, ''));
  return text.trim() && Number.isFinite(number) && number > 0 ? Math.min(number, 100_000) : null;
};

const ratingLabel = (rating: number) => `${dutchNumber(rating)} sterren of meer`;

/** `live`: typed fields report every keystroke (a draft); otherwise when the person is done typing. */
export function FilterPanel({ filters, onChange, live = false }: { filters: ArtistFilters; onChange: (change: FilterChange) => void; live?: boolean }) {
  const id = useId();
  const today = useToday();
  return (
    <Stack gap="5" as="fieldset" border="0" p="0" m="0" minW="0">
      <Box as="legend" srOnly>
        Filters
      </Box>
      <Field label="Categorie" htmlFor={`${id}-category`}>
        <NativeSelect id={`${id}-category`} value={filters.category ?? ''} onChange={(value) => onChange({ category: (value || null) as ArtistFilters['category'] })}>
          <option value="">Alle categorieën</option>
          {artistCategories.map((category) => (
            <option key={category} value={category}>
              {categoryLabels[category]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Genre" htmlFor={`${id}-genre`}>
        <CommitInput id={`${id}-genre`} live={live} value={filters.genre ?? ''} placeholder="Bijvoorbeeld soul of top 40" onCommit={(value) => onChange({ genre: value.trim() || null })} />
      </Field>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="700" id={`${id}-place-label`}>
          Plaats en afstand
        </Text>
        <PlacePicker placeId={filters.placeId} onChange={(placeId) => onChange({ placeId })} />
        <NativeSelect label="Afstand" value={String(filters.radiusKm)} disabled={filters.placeId === null} onChange={(value) => onChange({ radiusKm: Number(value) })}>
          {radiusOptionsKm.map((km) => (
            <option key={km} value={km}>
              Binnen {km} km
            </option>
          ))}
        </NativeSelect>
      </Stack>
      <Field label="Beschikbaar op" htmlFor={`${id}-date`}>
        <Input
          id={`${id}-date`}
          type="date"
          bg="white"
          min={today}
          value={filters.availableOn ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            if (!value) onChange({ availableOn: null });
            else if (/^\d{4}-\d{2}-\d{2}$/.test(value) && value >= today) onChange({ availableOn: value });
          }}
        />
      </Field>
      <GuestsField id={`${id}-guests`} guests={filters.guests} onChange={(guests) => onChange({ guests })} />
      <Stack gap="1.5">
        <Text fontSize="sm" fontWeight="700">
          Prijs (vanafprijs in euro)
        </Text>
        <Box display="grid" gridTemplateColumns="1fr auto 1fr" alignItems="center" gap="2">
          <CommitInput
            id={`${id}-min`}
            live={live}
            inputMode="numeric"
            placeholder="Min"
            value={filters.minPriceEuros?.toString() ?? ''}
            onCommit={(value) => onChange({ minPriceEuros: euros(value) })}
          />
          <Text color="fg.muted" aria-hidden="true">
            –
          </Text>
          <CommitInput
            id={`${id}-max`}
            live={live}
            inputMode="numeric"
            placeholder="Max"
            value={filters.maxPriceEuros?.toString() ?? ''}
            onCommit={(value) => onChange({ maxPriceEuros: euros(value) })}
          />
        </Box>
        <Box srOnly>
          <label htmlFor={`${id}-min`}>Minimale prijs in euro</label>
          <label htmlFor={`${id}-max`}>Maximale prijs in euro</label>
        </Box>
      </Stack>
      <Field label="Minimale beoordeling" htmlFor={`${id}-rating`}>
        <NativeSelect id={`${id}-rating`} value={filters.minRating?.toString() ?? ''} onChange={(value) => onChange({ minRating: value ? Number(value) : null })}>
          <option value="">Alle beoordelingen</option>
          {ratingOptions.map((rating) => (
            <option key={rating} value={rating}>
              {ratingLabel(rating)}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </Stack>
  );
}
