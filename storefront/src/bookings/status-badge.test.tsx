// The booking status badge the storefront and the portal share (@podium/shared/ui/BookingStatusBadge):
// each status by its Dutch name, in its own colour; a status the app does not know yet in grey.
import { ChakraProvider } from '@chakra-ui/react';
import { bookingStatuses, bookingStatusLabels } from '@podium/shared/booking-status';
import { podiumSystem } from '@podium/shared/theme';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/** The colour palette a rendered element's emotion class sets (--chakra-colors-color-palette-*: var(--chakra-colors-<palette>-…)). */
function paletteOf(element: Element): string | undefined {
  const classes = Array.from(element.classList).filter((name) => name.startsWith('css-'));
  const rules = Array.from(document.querySelectorAll('style')).flatMap((style) => (style.sheet ? Array.from(style.sheet.cssRules, (rule) => rule.cssText) : []));
  const own = rules.filter((rule) => classes.some((name) => rule.includes(`.${name}`))).join('\n');
  return /--chakra-colors-color-palette-[a-z0-9-]+:\s*var\(--chakra-colors-([a-z]+)-/.exec(own)?.[1];
}

const badge = (status: string) => {
  const { unmount } = render(
    <ChakraProvider value={podiumSystem}>
      <BookingStatusBadge status={status} />
    </ChakraProvider>,
  );
  const element = screen.getByTestId('booking-status');
  const shown = { text: element.textContent, palette: paletteOf(element) };
  unmount();
  return shown;
};

describe('the booking status badge', () => {
  it.each(bookingStatuses)('%s reads as its Dutch name', (status) => {
    expect(badge(status).text).toBe(bookingStatusLabels[status]);
  });

  it('gives each status its colour: confirmed green, cancelled red, unknown grey', () => {
    const palettes = new Set(bookingStatuses.map((status) => badge(status).palette));
    expect(palettes.size).toBeGreaterThan(4);
    expect(badge('confirmed').palette).toBe('green');
    expect(badge('cancelled').palette).toBe('red');
    expect(badge('in_review')).toEqual({ text: 'in_review', palette: 'gray' });
  });
});
