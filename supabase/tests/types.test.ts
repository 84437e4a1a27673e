// The committed database types must match the schema: regenerate and compare.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, typeFiles } from '../stack/gen-types.ts';

describe('generated database types', () => {
  it('are up to date with the migrations (run `pnpm gen:types` when this fails)', () => {
    const fresh = generateTypes();
    expect(fresh).toContain('bands_transactions');
    for (const file of typeFiles) expect(readFileSync(file, 'utf8'), file).toBe(fresh);
  }, 90_000);
});
