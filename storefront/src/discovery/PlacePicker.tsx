// The place of the distance filter: a combobox over public.places (NL and BE), bigger places first.
import { Box, CloseButton, HStack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { placeQuery, placeSearchQuery, type Place } from '../data/discovery.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { MapPinIcon } from '../layout/icons.tsx';
import { Combobox, useDebouncedValue, type ComboboxOption } from './Combobox.tsx';

export const countryName = (country: string) => (country === 'BE' ? 'België' : 'Nederland');

/** The name of a chosen place (for chips and the picker). */
export function usePlaceName(placeId: number | null): string | null {
  const place = useQuery({ ...publicQueryOptions(placeQuery(placeId ?? 0)), enabled: placeId !== null });
  return placeId !== null ? (place.data?.name ?? null) : null;
}

export function PlacePicker({ placeId, onChange }: { placeId: number | null; onChange: (placeId: number | null) => void }) {
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text.trim(), 200);
  const active = debounced.length >= 2;
  const places = useQuery({ ...publicQueryOptions(placeSearchQuery(debounced)), enabled: active, placeholderData: keepPreviousData });
  const chosen = usePlaceName(placeId);
  if (placeId !== null) {
    return (
      <HStack justify="space-between" borderWidth="1px" rounded="full" bg="white" ps="3" pe="1" h="10" data-testid="chosen-place">
        <HStack gap="2" minW="0">
          <Box color="brand.600">
            <MapPinIcon size={16} />
          </Box>
          <Text fontWeight="600" lineClamp={1}>
            {chosen ?? 'Plaats laden…'}
          </Text>
        </HStack>
        <CloseButton size="sm" rounded="full" aria-label="Plaats wissen" onClick={() => onChange(null)} />
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
    <Combobox
      label="Plaats"
      placeholder="Bijvoorbeeld Utrecht"
      value={text}
      onValueChange={setText}
      options={options}
      active={active}
      loading={places.isFetching}
      emptyText={places.isSuccess ? 'Geen plaats gevonden.' : undefined}
      onSelect={(option) => {
        setText('');
        onChange(option.place.id);
      }}
      startElement={<MapPinIcon size={16} />}
      testId="place-picker"
    />
  );
}
