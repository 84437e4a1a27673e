// The error red the back office takes from theme-colors.ts is the one the storefront's Chakra
// system shows (its fg.error names Chakra's red.700).
import { tokens } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { errorRed } from './theme-colors.ts';
import { createPodiumSystem } from './theme-system.ts';

describe('theme colours', () => {
  it("the error red is Chakra's red.700, the storefront's error text", () => {
    expect(tokens.colors.red?.['700']?.value).toBe(errorRed);
    expect(createPodiumSystem().token('colors.red.700')).toBe(errorRed);
  });
});
