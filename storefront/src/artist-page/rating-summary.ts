// The rating summary: the share of reviews per number of stars, five first.
import { dutchDateOfMoment } from '@podium/shared/dutch';
import type { RatingCount } from '../data/artist-page.ts';

export interface RatingBar {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Whole percent of all reviews; 0 when there are none. */
  percent: number;
}

export function ratingDistribution(counts: readonly RatingCount[]): RatingBar[] {
  const byStars = new Map<number, number>();
  for (const { rating, count } of counts) {
    if (Number.isInteger(rating) && rating >= 1 && rating <= 5 && count > 0) byStars.set(rating, (byStars.get(rating) ?? 0) + count);
  }
  const total = [...byStars.values()].reduce((sum, count) => sum + count, 0);
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = byStars.get(stars) ?? 0;
    return { stars, count, percent: total === 0 ? 0 : Math.round((count / total) * 100) };
  });
}

/** 'Geplaatst op 3 november 2026' style dates: day, month name, year (nl-NL, Dutch time). */
export function reviewDate(timestamp: string): string {
  return dutchDateOfMoment(timestamp);
}
