// The shared Chakra system (theme-system.ts) with its global CSS, serialized at build time
// (theme-global-css.ts): what an app renders with when no HTML brought that CSS along.
// Imported by path (`@podium/shared/theme`).
import { themeGlobalCss } from './theme-global-css.ts';
import { withGlobalCss } from './theme-system.ts';

export { createPodiumSystem, type PodiumSystem } from './theme-system.ts';

export const podiumSystem = withGlobalCss(themeGlobalCss);
