// The categories an artist can be listed under, with their Dutch names: the kinds of act, and
// the hero categories of SPEC 9 (which double as occasions). One list for every app, matching
// the values the database holds in artists.categories.
import { heroCategories, type HeroCategory } from './constants.ts';

export const actCategories = ['bands', 'coverbands', 'djs', 'duos', 'acts', 'live-muziek'] as const;
export type ActCategory = (typeof actCategories)[number];
export type ArtistCategory = ActCategory | HeroCategory;

export const artistCategories: readonly ArtistCategory[] = [...new Set<ArtistCategory>([...heroCategories, ...actCategories])];

export const categoryLabels: Record<ArtistCategory, string> = {
  bekende: 'Bekende artiesten',
  bands: 'Bands',
  acts: 'Acts',
  international: 'Internationaal',
  huwelijk: 'Bruiloft',
  bedrijfsfeest: 'Bedrijfsfeest',
  coverbands: 'Coverbands',
  djs: "DJ's",
  duos: "Duo's",
  'live-muziek': 'Live muziek',
};

export const isArtistCategory = (value: string): value is ArtistCategory => value in categoryLabels;

/**
 * The words people use for an occasion, as the category the acts carry: 'bruiloft' is the
 * wedding category ('huwelijk'), as on /bruiloft-entertainment. search_artists reads the same
 * words the same way (private.search_category), so an address and the database agree.
 */
export const categoryAliases: Readonly<Record<string, ArtistCategory>> = { bruiloft: 'huwelijk', bruiloften: 'huwelijk', trouwen: 'huwelijk' };

/** A category as an address may write it (any case, an alias), or null for one nobody knows. */
export function categoryFromText(value: string): ArtistCategory | null {
  const slug = value.trim().toLowerCase();
  if (isArtistCategory(slug)) return slug;
  return categoryAliases[slug] ?? null;
}

/** The Dutch name of a category, or the value itself for one this list doesn't know. */
export const categoryLabel = (value: string): string => (isArtistCategory(value) ? categoryLabels[value] : value);
