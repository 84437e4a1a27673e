import { describe, expect, it } from 'vitest';
import { contactButtonShown, initialContactButtonView, nextContactButtonView, type ContactButtonView } from './contact-button-view.ts';

/** The view after scrolling through `ys` in turn. */
const after = (ys: number[], viewportWidth = 390): ContactButtonView => ys.reduce((view, y) => nextContactButtonView(view, { y, viewportWidth }), initialContactButtonView);
const clear = { footerInView: false, overControl: false };

describe('the floating contact button keeps clear of what it floats over', () => {
  it.each([
    ['shows at the top of the page', [0], 390, true],
    ['steps aside while a phone reader scrolls down through the content', [0, 200, 600], 390, false],
    ['comes back when they scroll up', [0, 600, 500], 390, true],
    ['stays where it was for a finger resting on the screen', [0, 600, 595, 603], 390, false],
    ['comes back at the top', [0, 600, 40], 390, true],
    ['stays on a desktop while scrolling down', [0, 600, 1200], 1280, true],
  ])('%s', (_case, ys, width, shown) => {
    expect(contactButtonShown(after(ys, width), clear)).toBe(shown);
  });

  it.each([
    ['the footer', { footerInView: true, overControl: false }],
    ['a control', { footerInView: false, overControl: true }],
  ])('never over %s, on a phone or a desktop', (_case, under) => {
    expect(contactButtonShown(after([0]), under)).toBe(false);
    expect(contactButtonShown(after([0, 600, 1200], 1280), under)).toBe(false);
  });
});
