import { describe, expect, it } from 'vitest';
import { moveTo, nearestCell } from './drag-sort.ts';

// A 3-column grid of 100×100 cells with 10 px gaps, as the photo grid lays them out.
const grid = Array.from({ length: 5 }, (_, index) => ({ left: (index % 3) * 110, top: Math.floor(index / 3) * 110, width: 100, height: 100 }));

describe('dragging a photo to another place', () => {
  it.each([
    [{ x: 50, y: 50 }, 0],
    [{ x: 160, y: 40 }, 1],
    [{ x: 300, y: 60 }, 2],
    [{ x: 60, y: 170 }, 3],
    [{ x: 400, y: 400 }, 4],
    [{ x: -50, y: -50 }, 0],
  ])('the pointer at %o is over cell %i', (point, cell) => {
    expect(nearestCell(point, grid)).toBe(cell);
  });

  it('is over no cell when there are none', () => {
    expect(nearestCell({ x: 0, y: 0 }, [])).toBe(-1);
  });

  it.each([
    [['a', 'b', 'c', 'd'], 'c', 0, ['c', 'a', 'b', 'd']],
    [['a', 'b', 'c', 'd'], 'a', 3, ['b', 'c', 'd', 'a']],
    [['a', 'b', 'c', 'd'], 'b', 2, ['a', 'c', 'b', 'd']],
    [['a', 'b'], 'a', 9, ['b', 'a']],
    [['a', 'b'], 'b', 1, ['a', 'b']],
  ])('%j with %s moved to %i is %j', (order, id, to, expected) => {
    expect(moveTo(order, id, to)).toEqual(expected);
  });
});
