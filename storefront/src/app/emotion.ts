// Chakra's styles on a prerendered page: the HTML carries them in two style elements (the global
// reset and token variables; the page's own rules), written by entry-server.tsx. Emotion would
// adopt such elements by moving them to the end of <head>, and a moved style element is a new
// style sheet to the browser: it parses ~100 KB of CSS again and restyles the whole page, one
// long task while hydrating. So they carry attributes of our own, which emotion does not look
// for, and the browser's app starts from an emotion cache that counts their rules as inserted,
// and from a system without the global CSS the page already has.
import createCache, { type EmotionCache } from '@emotion/cache';

export const prerenderedStyleAttributes = { global: 'data-podium-global', page: 'data-podium-css' } as const;

/** The browser's emotion cache: the prerendered page's rules (if any) already in place. */
export function createBrowserEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  for (const element of document.querySelectorAll(`style[${prerenderedStyleAttributes.page}]`)) {
    for (const id of element.getAttribute(prerenderedStyleAttributes.page)?.split(' ') ?? []) if (id) cache.inserted[id] = true;
  }
  return cache;
}

/** Whether the page arrived with Chakra's global CSS (a prerendered page): it stays for the whole visit. */
export const hasPrerenderedGlobalCss = () => document.querySelector(`style[${prerenderedStyleAttributes.global}]`) !== null;
