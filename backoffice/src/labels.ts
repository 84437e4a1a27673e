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

/** A payout's status (public.payouts.status) as the back office names it. */
export const payoutStatusLabels: Record<string, string> = {
  due: 'Klaar om uit te betalen',
  held: 'Vastgehouden',
  failed: 'Mislukt',
  paid: 'Uitbetaald',
  awaiting_connection: 'Wacht op koppeling',
  checkin: 'Controleperiode',
  refunded: 'Terugbetaald',
};

/** What a customer reported (public.booking_cases.reason), worded as the customer chose it. */
export { caseReasonLabels } from '@podium/shared/checkin';

export const caseStatusLabels: Record<string, string> = {
  open: 'Open',
  resolved: 'Afgehandeld',
};

/** How an admin resolved a case (public.booking_cases.resolution). */
export const caseResolutionLabels: Record<string, string> = {
  pay_artist: 'Artiest volledig uitbetaald',
  partial_refund: 'Deels terugbetaald',
  full_refund: 'Volledig terugbetaald',
};

/** The categories an artist can be listed under (one list, in @podium/shared). */
export { categoryLabel, categoryLabels } from '@podium/shared/categories';
import { dutchCents } from '@podium/shared/dutch';

export const choices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

/** '€ 1.575,00' for an amount in cents (none counts as nothing): the shared Dutch money format. */
export const formatEuro = (cents: number | null | undefined): string => dutchCents(cents ?? 0);

/** Lowercased, accents stripped: how the database folds text for search (public.fold_text). */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
