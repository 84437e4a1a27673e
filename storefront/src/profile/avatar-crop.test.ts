import { describe, expect, it } from 'vitest';
import { squareSourceRect } from './avatar-crop.ts';

describe('squareSourceRect', () => {
  it('rounds the crop to whole pixels and keeps it square', () => {
    expect(squareSourceRect({ x: 10.4, y: 20.6, width: 300.2, height: 299.7 }, 1000, 800)).toEqual({ x: 10, y: 21, width: 300, height: 300 });
  });

  it('keeps the square inside the image at its edges', () => {
    expect(squareSourceRect({ x: 700.6, y: -0.4, width: 300, height: 300 }, 1000, 800)).toEqual({ x: 700, y: 0, width: 300, height: 300 });
    expect(squareSourceRect({ x: 0, y: 0, width: 1200, height: 1200 }, 1000, 800)).toEqual({ x: 0, y: 0, width: 800, height: 800 });
  });
});
