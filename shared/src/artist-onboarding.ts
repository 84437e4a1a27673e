// Becoming an artist: the onboarding's steps, its limits and the checks each step makes
// before it saves. The database makes the same checks (migration 20261125002000: the artists
// columns, save_artist_payout_details, artist_application_gaps, submit_artist_application) and
// answers with the same Dutch words; supabase/tests/artist-onboarding.test.ts holds it to these
// numbers.
import { dutchInteger } from './dutch.ts';

export const onboardingSteps = [
  { key: 'act', title: 'Je act' },
  { key: 'locatie', title: 'Locatie' },
  { key: 'media', title: "Foto's en media" },
  { key: 'pakketten', title: 'Pakketten' },
  { key: 'uitbetaling', title: 'Uitbetaling' },
  { key: 'versturen', title: 'Versturen' },
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number]['key'];

export const isOnboardingStep = (value: string | null | undefined): value is OnboardingStep => onboardingSteps.some((step) => step.key === value);

export const actLimits = {
  nameMin: 2,
  nameMax: 120,
  genresMax: 8,
  genreMax: 40,
  /** A bio shorter than this cannot be submitted (artist_application_gaps). */
  bioMin: 150,
  /** The length guide: a bio between these reads well on the artist page. */
  bioGoodFrom: 400,
  bioGoodTo: 1500,
  bioMax: 10_000,
} as const;

/** Travel distances offered, in km; 300 reads as all of the Netherlands and Belgium. */
export const travelRadiusOptions = [10, 25, 50, 100, 150, 300] as const;
export const travelRadiusLabel = (km: number) => (km >= 300 ? 'Heel Nederland en België' : `Tot ${km} km`);

export const photoLimits = {
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as readonly string[],
  maxPhotos: 20,
} as const;

export const packageLimits = {
  nameMax: 120,
  descriptionMax: 4000,
  /** app_config package_min_price_cents's default; the database holds the rule. */
  minPriceCents: 50_00,
  maxPriceCents: 1_000_000_00,
  minMinutes: 15,
  maxMinutes: 1440,
} as const;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface ActDraft {
  name: string;
  categories: readonly string[];
  genres: readonly string[];
  bio: string;
}

/** Genres as the artists.genre column keeps them: 'Pop, Soul, Nederlandstalig'. */
export const joinGenres = (genres: readonly string[]) =>
  genres
    .map((genre) => genre.trim())
    .filter(Boolean)
    .join(', ');
export const splitGenres = (genre: string) =>
  genre
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function validateAct(draft: ActDraft): FieldErrors<keyof ActDraft> {
  const errors: FieldErrors<keyof ActDraft> = {};
  const name = draft.name.trim();
  if (name.length < actLimits.nameMin || name.length > actLimits.nameMax) errors.name = `Geef je act een naam (${actLimits.nameMin} tot ${actLimits.nameMax} tekens).`;
  if (draft.categories.length === 0) errors.categories = 'Kies minstens één categorie.';
  if (draft.genres.length === 0) errors.genres = 'Voeg minstens één genre toe.';
  else if (draft.genres.length > actLimits.genresMax) errors.genres = `Kies hoogstens ${actLimits.genresMax} genres.`;
  else if (draft.genres.some((genre) => genre.trim().length > actLimits.genreMax)) errors.genres = `Een genre heeft hoogstens ${actLimits.genreMax} tekens.`;
  if (draft.bio.length > actLimits.bioMax) errors.bio = `Je beschrijving is te lang (hoogstens ${dutchInteger(actLimits.bioMax)} tekens).`;
  else if (draft.bio.trim().length < actLimits.bioMin) errors.bio = `Schrijf minstens ${actLimits.bioMin} tekens over je act.`;
  return errors;
}

/** The length guide under the bio: what to say to someone typing it. */
export function bioGuide(bio: string): { tone: 'short' | 'ok' | 'good' | 'long'; text: string } {
  const length = bio.trim().length;
  if (length < actLimits.bioMin) return { tone: 'short', text: `Nog ${actLimits.bioMin - length} tekens tot het minimum van ${actLimits.bioMin}.` };
  if (length < actLimits.bioGoodFrom) return { tone: 'ok', text: `Genoeg om te versturen. Met ${actLimits.bioGoodFrom} tot ${actLimits.bioGoodTo} tekens vertel je klanten het meest.` };
  if (length <= actLimits.bioGoodTo) return { tone: 'good', text: 'Mooie lengte: klanten lezen dit graag.' };
  return { tone: 'long', text: `Ruim ${actLimits.bioGoodTo} tekens: klanten lezen vaak alleen het begin.` };
}

/** '1234 ab' and ' nl91 abna 0417 1643 00' as the database keeps them. */
export const compactIban = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** 'NL91 ABNA 0417 1643 00': in groups of four, as a bank prints it. */
export const formatIban = (value: string) => compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');

/** ISO 13616: the mod-97 remainder of the rearranged number is 1 (private.is_valid_iban). */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('NL') && iban.length !== 18) return false;
  if (iban.startsWith('BE') && iban.length !== 16) return false;
  let remainder = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const code = ch.charCodeAt(0);
    remainder = code <= 57 ? (remainder * 10 + code - 48) % 97 : (remainder * 100 + code - 55) % 97;
  }
  return remainder === 1;
}

export interface PayoutDraft {
  accountHolder: string;
  iban: string;
  kvkNumber: string;
}

export function validatePayout(draft: PayoutDraft): FieldErrors<keyof PayoutDraft> {
  const errors: FieldErrors<keyof PayoutDraft> = {};
  const holder = draft.accountHolder.trim().replace(/\s+/g, ' ');
  if (holder.length < 2 || holder.length > 120) errors.accountHolder = 'Vul de naam van de rekeninghouder in (2 tot 120 tekens).';
  if (compactIban(draft.iban) === '') errors.iban = 'Vul je IBAN in.';
  else if (!isValidIban(draft.iban)) errors.iban = 'Dit IBAN klopt niet. Controleer het nummer op je bankpas of in je bankapp.';
  const kvk = draft.kvkNumber.replace(/\s/g, '');
  if (kvk !== '' && !/^[0-9]{8}$/.test(kvk)) errors.kvkNumber = 'Een KvK-nummer heeft 8 cijfers.';
  return errors;
}

export interface PackageDraft {
  name: string;
  description: string;
  /** Euros as typed: '650' or '649,50'. */
  price: string;
  durationMinutes: number;
}

/** '649,50' or '1.250' -> cents; null when it is not an amount. */
export function parseEuros(text: string): number | null {
  const clean = text.trim().replace(/^€\s*/, '').replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

export function validatePackage(draft: PackageDraft): FieldErrors<'name' | 'description' | 'price' | 'durationMinutes'> {
  const errors: FieldErrors<'name' | 'description' | 'price' | 'durationMinutes'> = {};
  const name = draft.name.trim();
  if (name.length < 1) errors.name = 'Geef het pakket een naam.';
  else if (name.length > packageLimits.nameMax) errors.name = `Een pakketnaam heeft hoogstens ${packageLimits.nameMax} tekens.`;
  if (draft.description.length > packageLimits.descriptionMax) errors.description = `Hoogstens ${packageLimits.descriptionMax} tekens.`;
  const cents = parseEuros(draft.price);
  if (draft.price.trim().startsWith('-')) errors.price = 'Een prijs kan niet negatief zijn.';
  else if (cents === null) errors.price = 'Vul een prijs in euro in, bijvoorbeeld 650 of 649,50.';
  else if (cents < packageLimits.minPriceCents || cents > packageLimits.maxPriceCents) errors.price = 'Vul een prijs in tussen € 50 en € 1.000.000.';
  if (!Number.isInteger(draft.durationMinutes) || draft.durationMinutes < packageLimits.minMinutes || draft.durationMinutes > packageLimits.maxMinutes) {
    errors.durationMinutes = 'Kies een duur tussen 15 minuten en 24 uur.';
  }
  return errors;
}

/** A photo as it is chosen: refused before any upload when it is not an image or too big. */
export function validatePhoto(file: { type: string; size: number }, photosSoFar: number): string | null {
  if (!photoLimits.types.includes(file.type)) return 'Kies een foto (JPG, PNG, WebP of AVIF).';
  if (file.size > photoLimits.maxBytes) return `Deze foto is groter dan ${photoLimits.maxBytes / 1024 / 1024} MB. Kies een kleinere foto.`;
  if (photosSoFar >= photoLimits.maxPhotos) return `Je kunt hoogstens ${photoLimits.maxPhotos} foto's plaatsen.`;
  return null;
}

/** An audio or video link: https only (artist_media.external_url). */
export function validateMediaLink(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'https:') return 'Gebruik een link die met https:// begint.';
    return null;
  } catch {
    return 'Dit is geen geldige link. Kopieer de hele link, met https://.';
  }
}

export const websiteRefusal = 'Vul een website in die met http:// of https:// begint.';

/** The act's website: empty, or an http(s) link of at most 500 characters (the artists_website_url_http check). */
export function validateWebsite(url: string): string | null {
  const value = url.trim();
  if (value === '') return null;
  if (!/^https?:\/\/\S+$/i.test(value) || value.length > 500) return websiteRefusal;
  try {
    new URL(value);
    return null;
  } catch {
    return websiteRefusal;
  }
}

export interface ApplicationGap {
  step: string;
  missing: string;
}

/** Where a returning artist resumes: the first step with something missing, else 'versturen'. */
export function resumeStep(gaps: readonly ApplicationGap[]): OnboardingStep {
  const first = gaps.find((gap) => isOnboardingStep(gap.step));
  return first && isOnboardingStep(first.step) ? first.step : 'versturen';
}

export type ActStatus = 'none' | 'draft' | 'pending' | 'approved' | 'rejected';

/** Where the portal sends an artist (SPEC 4.2 for the portal): only an approved act opens the dashboard. */
export const portalHomeFor = (status: ActStatus) => (status === 'approved' ? '/dashboard/artist' : '/artist-onboarding');
