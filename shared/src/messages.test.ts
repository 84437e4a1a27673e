import { describe, expect, it } from 'vitest';
import { messages, ownWording } from './messages.ts';
import { specQuotes, specText } from './spec-text.test-support.ts';

// Every string of the catalogue, with functions called with their placeholder as the spec writes it.
function catalogueStrings(node: unknown, path: string[] = []): [string, string][] {
  if (typeof node === 'string') return [[path.join('.'), node]];
  if (typeof node === 'function') {
    const placeholder = path[0] === 'oauth' || path.at(-1)?.endsWith('WithProvider') ? '{provider}' : '{email}';
    return [[path.join('.'), String((node as (value: string) => string)(placeholder))]];
  }
  if (typeof node === 'object' && node !== null) {
    return Object.entries(node).flatMap(([key, value]) => catalogueStrings(value, [...path, key]));
  }
  throw new Error(`unexpected catalogue entry at ${path.join('.')}`);
}

// Two pop-up messages are one quoted sentence in the spec; the catalogue splits them into a
// toast title and description. They are checked joined, as the spec writes them.
const joinedInSpec: Record<string, string> = {
  'verification.popupVerified': ' ',
  'verification.popupNotYetVerified': ' – ',
};

describe('the Dutch message catalogue', () => {
  const entries = catalogueStrings(messages).filter(([path]) => !Object.keys(joinedInSpec).some((joined) => path.startsWith(`${joined}.`)));

  it('has found the spec and many messages', () => {
    expect(specText).toContain('## 8. The error catalogue');
    expect(entries.length).toBeGreaterThan(50);
  });

  it.each(entries)('%s is quoted in SPEC.md letter for letter', (_path, text) => {
    expect(specQuotes(text), text).toBe(true);
  });

  it.each(Object.entries(joinedInSpec))('%s is quoted in SPEC.md as one sentence', (path, separator) => {
    const [section, key] = path.split('.') as ['verification', 'popupVerified' | 'popupNotYetVerified'];
    const { title, description } = messages[section][key];
    expect(specQuotes(`${title}${separator}${description}`)).toBe(true);
  });

  it('fills placeholders', () => {
    expect(messages.passwordReset.linkSentTo('anna@example.nl')).toBe('Reset link verzonden naar anna@example.nl');
    expect(messages.oauth.loginFailedTitle('Google')).toBe('Google inloggen mislukt');
    expect(messages.oauth.signupFailedTitle('Google')).toBe('Google registratie mislukt');
  });

  it('keeps our own wording out of the spec check, and Dutch', () => {
    for (const [, text] of catalogueStrings(ownWording)) {
      expect(specQuotes(text)).toBe(false);
      expect(text).toMatch(/\b(je|Je|We)\b/);
    }
  });
});
