// The artist list's search with suggestions while typing: artist names (typo tolerant),
// genres and places. Picking an artist opens their page; a genre or place becomes that filter;
// Enter searches for the text itself.
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { searchSuggestionsQuery, type SearchSuggestion } from '../data/discovery.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { SearchIcon } from '@podium/shared/ui/icons';
import { Combobox, useDebouncedValue, type ComboboxOption } from '@podium/shared/ui/Combobox';

type SuggestionOption = ComboboxOption & { suggestion: SearchSuggestion };

/** search_artists reads no more of a query than this (nor more than its first 8 words). */
const searchTextMaxChars = 100;

const groups: Record<SearchSuggestion['kind'], string> = { artist: 'Artiesten', genre: 'Genres', place: 'Plaatsen' };

export interface ArtistSearchBoxProps {
  /** The search the list shows now. */
  query: string | null;
  onSearch: (text: string) => void;
  onPick: (suggestion: SearchSuggestion) => void;
}

export function ArtistSearchBox({ query, onSearch, onPick }: ArtistSearchBoxProps) {
  const [text, setText] = useState(query ?? '');
  // The address changed (back button, a removed chip): show its search.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setText(query ?? '');
  }
  const debounced = useDebouncedValue(text.trim(), 250);
  const active = debounced.length >= 2;
  const suggestions = useQuery({ ...publicQueryOptions(searchSuggestionsQuery(debounced)), enabled: active, placeholderData: keepPreviousData });
  const options: SuggestionOption[] = (active ? (suggestions.data ?? []) : []).map((suggestion) => ({
    key: `${suggestion.kind}:${suggestion.kind === 'artist' ? suggestion.slug : suggestion.kind === 'place' ? suggestion.placeId : suggestion.label}`,
    label: suggestion.label,
    ...(suggestion.kind !== 'genre' ? { detail: suggestion.detail } : { detail: 'Genre' }),
    group: groups[suggestion.kind],
    suggestion,
  }));
  return (
    <Combobox
      label="Zoek een artiest, genre of plaats"
      placeholder="Zoek op naam, genre of plaats"
      value={text}
      onValueChange={setText}
      options={options}
      active={active}
      loading={suggestions.isFetching}
      emptyText={suggestions.isSuccess ? 'Geen suggesties. Druk op Enter om toch te zoeken.' : undefined}
      onSelect={(option) => {
        setText('');
        onPick(option.suggestion);
      }}
      onSubmitText={(value) => onSearch(value.trim())}
      startElement={<SearchIcon size={18} />}
      size="lg"
      maxLength={searchTextMaxChars}
      testId="artist-search"
    />
  );
}
