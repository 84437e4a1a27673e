// The Chakra UI v3 design system the storefront and the artist portal share: Chakra's base
// config (conditions, utilities) with its default tokens, our warm brand palette and only the
// recipes the first paint uses, so the first page load stays small; the overlay and form slot
// recipes live in theme-recipes.ts and travel with the lazily loaded parts that use them.
// This module is the system without its global CSS, for a page that already has that CSS (the
// storefront's prerendered HTML); theme.ts is the whole system. The colour values live in
// theme-colors.ts, which the back office's MUI theme reads too; the back office never loads this.
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { brand, ink, surface } from './theme-colors.ts';

const palette = (scale: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(scale).map(([key, value]) => [key, { value }]));

/**
 * Only the palettes the product uses (and the recipes reference). Every palette costs CSS
 * variables and start-up work on each page load, which a phone feels.
 */
const usedPalettes = new Set(['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', 'gray', 'red', 'green', 'teal']);
const pick = <T extends object>(scale: T, keep: (key: string) => boolean): T => Object.fromEntries(Object.entries(scale).filter(([key]) => keep(key))) as T;

const podiumConfig = defineConfig({
  cssVarsPrefix: 'chakra',
  preflight: true,
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'fg',
      fontFamily: 'body',
      lineHeight: '1.5',
      textRendering: 'optimizeLegibility',
    },
    '*::placeholder': { color: 'fg.subtle' },
    '*, *::before, *::after': { borderColor: 'border', borderStyle: 'solid', borderWidth: '0' },
    ':focus-visible': { outlineColor: 'brand.600' },
  },
  theme: {
    breakpoints,
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    tokens: {
      ...tokens,
      colors: { ...pick(tokens.colors, (key) => usedPalettes.has(key)), brand: palette(brand), ink: palette(ink) },
      fonts: {
        heading: { value: "'Avenir Next', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        mono: tokens.fonts.mono,
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...pick(semanticTokens.colors, (key) => usedPalettes.has(key) || key === 'bg' || key === 'fg' || key === 'border'),
        bg: { DEFAULT: { value: surface.page }, subtle: { value: surface.subtle }, muted: { value: surface.muted }, panel: { value: surface.panel } },
        // error: what Field.ErrorText and an invalid input's border use (red.700 on the cream
        // background reads at 4.5:1 and more; Chakra's default red.500 does not).
        fg: { DEFAULT: { value: '{colors.ink.900}' }, muted: { value: '{colors.ink.700}' }, subtle: { value: '{colors.ink.600}' }, error: { value: '{colors.red.700}' } },
        border: { DEFAULT: { value: surface.border }, error: { value: '{colors.red.600}' } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        ink: {
          solid: { value: '{colors.ink.900}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.ink.800}' },
          muted: { value: '{colors.ink.100}' },
          subtle: { value: '{colors.ink.50}' },
          emphasized: { value: '{colors.ink.200}' },
          focusRing: { value: '{colors.ink.500}' },
        },
      },
    },
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
  },
});

/**
 * The system as Chakra builds it, global CSS included (on first read of `_global`): for
 * theme-global-css.write.ts, which precomputes that CSS, and its freshness test.
 */
export const createPodiumSystem = () => createSystem(mergeConfigs(defaultBaseConfig, podiumConfig));

export type PodiumSystem = ReturnType<typeof createPodiumSystem>;

/**
 * The system without global CSS (reset, global styles, token variables). Chakra (patched,
 * patches/@chakra-ui__react@3.37.0.patch) builds that CSS only when `_global` is read, so here it
 * never is: building it from the tokens was one task of several hundred milliseconds on a phone.
 */
export const podiumSystemWithoutGlobalCss: PodiumSystem = createPodiumSystem();
podiumSystemWithoutGlobalCss._global = [];

/** The system with its global CSS as precomputed at build time (theme-global-css.ts). */
export const withGlobalCss = (css: string): PodiumSystem => ({ ...podiumSystemWithoutGlobalCss, _global: [css] as unknown as PodiumSystem['_global'] });
