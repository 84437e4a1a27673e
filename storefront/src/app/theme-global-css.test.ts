// The theme's global CSS is precomputed (shared/src/theme-global-css.ts, see theme.ts): the page
// must get exactly the CSS Chakra would build from the tokens, or colours and spacing go missing.
import { css } from '@emotion/react';
import { podiumSystem } from '@podium/shared/theme';
import { serializedThemeGlobalCss } from '@podium/shared/theme-global-css.write';
import { describe, expect, it } from 'vitest';

// A string in an array serializes with a closing semicolon, which CSS ignores.
const serialized = (styles: unknown) => css(styles as never).styles.replace(/;+$/, '');

describe('the precomputed global CSS of the theme', () => {
  it('is what Chakra builds from the current theme (else run shared/src/theme-global-css.write.ts)', () => {
    const built = serializedThemeGlobalCss();
    expect(built).toContain('--chakra-colors-brand-600:#c2471a');
    expect(built).toContain('@layer reset{');
    expect(serialized(podiumSystem._global)).toBe(built.replace(/;+$/, ''));
  });
});
