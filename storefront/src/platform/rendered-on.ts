// The attribute on #root that holds the date a prerendered page was rendered on (written by
// scripts/prerender.ts, read by today.ts). No React here: the prerender script imports it.
export const renderedOnAttribute = 'data-rendered-on';
