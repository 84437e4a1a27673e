// When the floating contact button (SPEC 2.8) shows, so that it keeps clear of what it floats
// over: never over the footer (which lists the same contact details) or over a control (a button
// or a field would be out of reach under it); on phones and tablets, where it covers a good part
// of a narrow page, also out of the way while the reader scrolls down through the content, and
// back when they scroll up or reach the top again.
import { bottomNavHidingBreakpointPx } from '@podium/shared/constants';

export interface ContactButtonView {
  /** What the scrolling direction asks for. */
  shown: boolean;
  /** The scroll position the last decision was made at. */
  fromY: number;
}

/** Near the top the page has not been scrolled into yet: the button shows. */
export const contactButtonTopZonePx = 80;
/** Smaller moves are a finger resting on the screen, not a direction. */
export const contactButtonScrollSlackPx = 8;

export const initialContactButtonView: ContactButtonView = { shown: true, fromY: 0 };

/** The view after the page scrolled to `y` (window.scrollY). */
export function nextContactButtonView(view: ContactButtonView, { y, viewportWidth }: { y: number; viewportWidth: number }): ContactButtonView {
  if (viewportWidth >= bottomNavHidingBreakpointPx || y <= contactButtonTopZonePx) return view.shown && view.fromY === y ? view : { shown: true, fromY: y };
  if (y > view.fromY + contactButtonScrollSlackPx) return { shown: false, fromY: y };
  if (y < view.fromY - contactButtonScrollSlackPx) return { shown: true, fromY: y };
  return view;
}

/** Whether the button shows, given the view and what lies under it. */
export const contactButtonShown = (view: ContactButtonView, under: { footerInView: boolean; overControl: boolean }) => view.shown && !under.footerInView && !under.overControl;
