import { describe, expect, it } from 'vitest';
import { pagerPages } from './pager-pages.ts';

describe('the page numbers a pager shows', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 3, [1, 2, 3]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
  ])('page %i of %i: %o', (page, count, shown) => {
    expect(pagerPages(page, count)).toEqual(shown);
  });
});
