// How the artist list words its counts and filters (Dutch).
import { categoryLabels } from '@podium/shared/categories';
import { dutchDate, dutchInteger, dutchNumber } from '@podium/shared/dutch';
import type { ArtistFilters, NarrowingFilter } from './artist-filters.ts';

/** '1 artiest', '72 artiesten', 'meer dan 1.000 artiesten'. */
export function artistCountText(total: number, capped = false): string {
  if (capped) return `meer dan ${dutchInteger(1000)} artiesten`;
  return total === 1 ? '1 artiest' : `${dutchInteger(total)} artiesten`;
}

/** '12 december 2026' for a YYYY-MM-DD date. */
export const formatFilterDate = (value: string) => dutchDate(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10)));

const euros = (value: number) => `€ ${dutchInteger(value)}`;

/** The chip text for one active filter ('Genre: soul', 'Binnen 25 km van Utrecht'...). */
export function filterChipText(filter: NarrowingFilter, filters: ArtistFilters, placeName: string | null): string {
  switch (filter) {
    case 'query':
      return `Zoekterm: ${filters.query}`;
    case 'category':
      return filters.category ? categoryLabels[filters.category] : '';
    case 'genre':
      return `Genre: ${filters.genre}`;
    case 'place':
      return `Binnen ${filters.radiusKm} km van ${placeName ?? 'de gekozen plaats'}`;
    case 'availableOn':
      return filters.availableOn ? `Vrij op ${formatFilterDate(filters.availableOn)}` : '';
    case 'price':
      if (filters.minPriceEuros !== null && filters.maxPriceEuros !== null) return `${euros(filters.minPriceEuros)} – ${euros(filters.maxPriceEuros)}`;
      return filters.minPriceEuros !== null ? `Vanaf ${euros(filters.minPriceEuros)}` : `Tot ${euros(filters.maxPriceEuros ?? 0)}`;
    case 'minRating':
      return `${dutchNumber(filters.minRating ?? 0)}+ sterren`;
  }
}

/** The button text that drops one filter in the empty state ('Zonder genre'...). */
export const loosenText: Record<NarrowingFilter, string> = {
  query: 'Zonder zoekterm',
  category: 'Alle categorieën',
  genre: 'Alle genres',
  place: 'Overal zoeken',
  availableOn: 'Elke datum',
  price: 'Elke prijs',
  minRating: 'Elke beoordeling',
};
