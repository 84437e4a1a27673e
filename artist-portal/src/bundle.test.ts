// Reads the build `npm test` makes before the tests (the artist portal's dist/).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkWarningBytes, javaScriptChunks } from '@podium/shared/bundle-size';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

describe('the artist portal build', () => {
  it("has no chunk over Vite's 500 kB warning", () => {
    expect(existsSync(`${dist}/.vite/manifest.json`), 'build the artist portal first: npm run build').toBe(true);
    expect(
      javaScriptChunks(dist)
        .filter((chunk) => chunk.bytes > chunkWarningBytes)
        .map((chunk) => chunk.file),
    ).toEqual([]);
  });
});
