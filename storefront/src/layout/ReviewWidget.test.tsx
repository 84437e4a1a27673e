// The footer's review block: with a Trustpilot id configured their TrustBox, else Podium's own
// reviews (the average, how many, two quotes linked to their acts), as a visitor reads them.
import { ChakraProvider } from '@chakra-ui/react';
import { podiumSystem } from '@podium/shared/theme';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReviewSummary, ReviewWidget } from './ReviewWidget.tsx';

const wrap = (children: ReactNode) =>
  render(
    <ChakraProvider value={podiumSystem}>
      <MemoryRouter>{children}</MemoryRouter>
    </ChakraProvider>,
  );

const long = 'Vanaf het eerste nummer stond iedereen op de dansvloer. De band speelde alles wat we hadden gevraagd en nog veel meer, en bleef zelfs een kwartier langer omdat het zo gezellig was.';

describe('the footer’s review block', () => {
  it('shows the average, how many reviews, and two quotes linked to their acts', () => {
    wrap(
      <ReviewSummary
        reviews={{
          review_count: 1234,
          rating_avg: 4.8,
          quotes: [
            { id: 'a', rating: 5, body: long, created_at: '2026-12-01T20:00:00Z', reviewer: 'Sanne V.', artist_name: 'The Wedding Band', artist_slug: 'the-wedding-band' },
            {
              id: 'b',
              rating: 4,
              body: 'Heel fijn contact vooraf en precies de nummers die we wilden.',
              created_at: '2026-11-30T20:00:00Z',
              reviewer: 'Joost',
              artist_name: 'DJ Noor',
              artist_slug: 'dj-noor',
            },
          ],
        }}
      />,
    );
    const block = screen.getByRole('region', { name: 'Wat klanten zeggen' });
    expect(block).toHaveTextContent('4,8 van 5');
    expect(block).toHaveTextContent('op basis van 1.234 reviews van klanten die boekten');
    const quotes = within(block).getAllByRole('figure');
    expect(quotes).toHaveLength(2);
    // A long review is cut at a word, within 140 characters.
    const first = within(quotes[0]!).getByRole('blockquote').textContent!;
    expect(first).toMatch(/^“Vanaf het eerste nummer stond iedereen op de dansvloer\. .*[a-z]…”$/);
    expect(first.length).toBeLessThanOrEqual(143);
    expect(quotes[0]).toHaveTextContent('Sanne V. over The Wedding Band');
    expect(within(quotes[0]!).getByRole('link', { name: 'The Wedding Band' })).toHaveAttribute('href', '/artists/the-wedding-band');
    expect(within(quotes[1]!).getByRole('blockquote')).toHaveTextContent('“Heel fijn contact vooraf en precies de nummers die we wilden.”');
    expect(within(quotes[1]!).getByRole('link', { name: 'DJ Noor' })).toHaveAttribute('href', '/artists/dj-noor');
  });

  it('says one review in the singular', () => {
    wrap(<ReviewSummary reviews={{ review_count: 1, rating_avg: 5, quotes: [] }} />);
    expect(screen.getByRole('region', { name: 'Wat klanten zeggen' })).toHaveTextContent('5,0 van 5op basis van 1 review van klanten die boekten');
  });

  it('is the Trustpilot TrustBox in Dutch when a business id is configured', () => {
    wrap(<ReviewWidget businessId="5f0c1234abcd" />);
    const widget = screen.getByTestId('review-widget');
    expect(widget).toHaveAttribute('data-businessunit-id', '5f0c1234abcd');
    expect(widget).toHaveAttribute('data-locale', 'nl-NL');
    expect(screen.queryByRole('region', { name: 'Wat klanten zeggen' })).toBeNull();
  });
});
