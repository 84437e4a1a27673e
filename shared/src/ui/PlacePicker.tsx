// The place of an address or a distance: a combobox over public.places (NL and BE), bigger places
// first, and the chosen place as a chip that can be cleared. Used by discovery and the booking
// form (storefront) and the onboarding (artist portal); each app passes places.ts's queries over
// its own client.
import { Box, CloseButton, HStack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { countryName, placeSearchMinLength, placeSearchTerm, type Place, type PlaceQueries } from '../places.ts';
import { Combobox, useDebouncedValue, type ComboboxOption } from './Combobox.tsx';

export type { Place, PlaceQueries };

/** The name of a chosen place (for chips and the picker). */
export function usePlaceName(queries: PlaceQueries, placeId: number | null): string | null {
  const place = useQuery({ ...queries.byId(placeId ?? 0), enabled: placeId !== null });
  return placeId !== null ? (place.data?.name ?? null) : null;
}

export function PlacePicker({
  queries,
  placeId,
  onChange,
  icon,
  label = 'Plaats',
  invalid = false,
  onTextChange,
}: {
  queries: PlaceQueries;
  placeId: number | null;
  onChange: (placeId: number | null) => void;
  icon?: ReactNode;
  label?: string;
  invalid?: boolean;
  /** The text typed so far (empty again once a place is chosen): a form can tell a typed but unchosen place. */
  onTextChange?: (text: string) => void;
}) {
  const [text, setTypedText] = useState('');
  const setText = (value: string) => {
    setTypedText(value);
    onTextChange?.(value);
  };
  const debounced = useDebouncedValue(placeSearchTerm(text), 200);
  const active = debounced.length >= placeSearchMinLength;
  const places = useQuery({ ...queries.search(debounced), enabled: active, placeholderData: keepPreviousData });
  const chosen = usePlaceName(queries, placeId);
  // Choosing a suggestion swaps the text box for the chip, and clearing the chip swaps it back:
  // the focus goes along to what took the place of the element that had it, never to the page.
  const wrapper = useRef<HTMLDivElement>(null);
  const focusNext = useRef(false);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    const target = placeId !== null ? wrapper.current : wrapper.current?.querySelector('input');
    target?.focus();
  }, [placeId]);
  if (placeId !== null) {
    return (
      <HStack
        ref={wrapper}
        justify="space-between"
        borderWidth="1px"
        rounded="full"
        bg="white"
        ps="3"
        pe="1"
        h="10"
        data-testid="chosen-place"
        role="group"
        aria-label={`${label}: ${chosen ?? 'laden'}`}
        tabIndex={-1}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '1px' }}
      >
        <HStack gap="2" minW="0">
          {icon && <Box color="brand.600">{icon}</Box>}
          <Text fontWeight="600" lineClamp={1}>
            {chosen ?? 'Plaats laden…'}
          </Text>
        </HStack>
        <CloseButton
          type="button"
          size="sm"
          rounded="full"
          aria-label="Plaats wissen"
          onClick={() => {
            focusNext.current = true;
            onChange(null);
          }}
        />
      </HStack>
    );
  }
  const options: (ComboboxOption & { place: Place })[] = (active ? (places.data ?? []) : []).map((place) => ({
    key: String(place.id),
    label: place.name,
    detail: countryName(place.country),
    place,
  }));
  return (
    <Box ref={wrapper} {...(invalid ? { 'data-invalid': '' } : {})}>
      <Combobox
        label={label}
        placeholder="Bijvoorbeeld Utrecht"
        value={text}
        onValueChange={setText}
        options={options}
        active={active}
        loading={places.isFetching}
        emptyText={places.isSuccess ? 'Geen plaats gevonden.' : undefined}
        onSelect={(option) => {
          focusNext.current = true;
          setText('');
          onChange(option.place.id);
        }}
        startElement={icon}
        testId="place-picker"
      />
    </Box>
  );
}
