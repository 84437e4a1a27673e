// SPEC.md as the tests read it: the file lives in the folder `shared/` beside the project root
// (next to this checkout in CI too), so messages are checked against the spec's own letters.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const specPath = fileURLToPath(new URL('../../../shared/SPEC.md', import.meta.url));
export const specText = readFileSync(specPath, 'utf8');

/** True when the spec quotes exactly this text ('...'), letter for letter. */
export const specQuotes = (text: string) => specText.includes(`'${text}'`);
