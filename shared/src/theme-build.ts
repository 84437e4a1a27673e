// Build settings for apps that use the shared theme (theme.ts). Chakra's theme module defines
// every recipe at its top level through define* calls the bundler must assume have side effects,
// so without this all ~80 recipes ship even though the theme registers only a few. Marking the
// calls pure lets the bundler drop the unused ones (about 25 KB gzip off the first page load).
export const chakraThemePureFunctions = [
  'defineConfig',
  'defineRecipe',
  'defineSlotRecipe',
  'defineStyle',
  'defineAnimationStyles',
  'defineGlobalStyles',
  'defineKeyframes',
  'defineLayerStyles',
  'defineTextStyles',
  'defineTokens',
  'defineSemanticTokens',
];
