// Dutch names of the statuses and categories the back office shows.
/** The booking statuses, for every app (one list, in @podium/shared). */
export { bookingStatusColors, bookingStatusLabels, type BookingStatus } from '@podium/shared/booking-status';

export const approvalStatusLabels: Record<string, string> = {
  pending: 'Wacht op goedkeuring',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
};

export const newsStatusLabels: Record<string, string> = {
  draft: 'Concept',
  published: 'Gepubliceerd',
  archived: 'Gearchiveerd',
};

/** The categories an artist can be listed under (one list, in @podium/shared). */
export { categoryLabel, categoryLabels } from '@podium/shared/categories';

export const choices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

export function formatEuro(cents: number | null | undefined): string {
  return new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format((cents ?? 0) / 100);
}

/** Lowercased, accents stripped: how the database folds text for search (public.fold_text). */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
