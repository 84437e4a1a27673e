import { describe, expect, it } from 'vitest';
import { ratingDistribution, reviewDate } from './rating-summary.ts';

describe('the rating distribution', () => {
  it('gives every star from five down, with its share of all reviews', () => {
    expect(
      ratingDistribution([
        { rating: 3, count: 1 },
        { rating: 4, count: 1 },
        { rating: 5, count: 4 },
      ]),
    ).toEqual([
      { stars: 5, count: 4, percent: 67 },
      { stars: 4, count: 1, percent: 17 },
      { stars: 3, count: 1, percent: 17 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it('shows empty bars without reviews, and ignores ratings that cannot exist', () => {
    expect(ratingDistribution([]).every((bar) => bar.count === 0 && bar.percent === 0)).toBe(true);
    expect(
      ratingDistribution([
        { rating: 7, count: 3 },
        { rating: 0, count: 1 },
        { rating: 5, count: 2 },
      ])[0],
    ).toEqual({ stars: 5, count: 2, percent: 100 });
  });

  it('dates reviews the Dutch way, on the Dutch calendar', () => {
    expect(reviewDate('2026-10-17T10:00:00Z')).toBe('17 oktober 2026');
    expect(reviewDate('2026-03-31T23:30:00Z')).toBe('1 april 2026');
  });
});
