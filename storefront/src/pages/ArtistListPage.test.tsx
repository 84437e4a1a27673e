// The artist list's result states as a visitor sees them: a skeleton while loading, the cards,
// the empty state with one-click ways to loosen the search, and the error with a retry.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultFilters, parseArtistFilters } from '../discovery/artist-filters.ts';
import type { ArtistCardData } from '../marketplace/artist-cards.ts';
import { renderWithApp } from '../test/render.tsx';
import { ArtistResults } from './ArtistListPage.tsx';

const artist = (slug: string, name: string, extra: Partial<ArtistCardData> = {}): ArtistCardData => ({
  id: `id-${slug}`,
  slug,
  name,
  genre: 'Soul & funk',
  city: 'Utrecht',
  categories: ['bands', 'huwelijk'],
  rating_avg: 4.5,
  review_count: 6,
  from_price_cents: 120_000,
  avatar_path: null,
  cover_path: `${slug}/cover.jpg`,
  ...extra,
});

const handlers = () => ({ onRetry: vi.fn(), onLoosen: vi.fn(), onClear: vi.fn() });

describe('the artist results', () => {
  it('holds the grid with skeleton cards while loading', () => {
    renderWithApp(<ArtistResults filters={defaultFilters} data={undefined} loading stale={false} error={false} {...handlers()} />);
    expect(screen.getByLabelText('Artiesten laden')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows each artist as a card linking to their page, in grid or list view', () => {
    const data = { artists: [artist('hoogtij', 'Hoogtij'), artist('dj-mees', 'DJ Mees', { review_count: 0, rating_avg: 0, from_price_cents: 35_000 })], total: 2, capped: false };
    const { unmount } = renderWithApp(<ArtistResults filters={defaultFilters} data={data} loading={false} stale={false} error={false} {...handlers()} />);
    const list = screen.getByTestId('artist-results');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Hoogtij' })).toHaveAttribute('href', '/artists/hoogtij');
    expect(within(list).getByText('Vanaf € 350')).toBeInTheDocument();
    expect(within(list).getByText('Nog geen reviews')).toBeInTheDocument();
    unmount();
    renderWithApp(<ArtistResults filters={{ ...defaultFilters, view: 'list' }} data={data} loading={false} stale={false} error={false} {...handlers()} />);
    expect(screen.getByRole('link', { name: 'DJ Mees' })).toHaveAttribute('href', '/artists/dj-mees');
  });

  it("links each card to the artist with the search's date, place and guests", () => {
    const data = { artists: [artist('dj-utrecht', 'DJ Utrecht', { categories: ['djs'] })], total: 1, capped: false };
    const filters = parseArtistFilters(new URLSearchParams('category=djs&place=2745912&date=2027-07-10&guests=120'), '2026-11-22');
    renderWithApp(<ArtistResults filters={filters} data={data} loading={false} stale={false} error={false} {...handlers()} context={{ date: '2027-07-10', placeId: 2745912, guests: 120 }} />);
    expect(screen.getByRole('link', { name: 'DJ Utrecht' })).toHaveAttribute('href', '/artists/dj-utrecht?datum=2027-07-10&plaats=2745912&gasten=120');
  });

  it('offers to drop each active filter, or all of them, when nothing matches', () => {
    const filters = parseArtistFilters(new URLSearchParams('category=bands&genre=opera&rating=4.5'), '2026-11-22');
    const on = handlers();
    renderWithApp(<ArtistResults filters={filters} data={{ artists: [], total: 0, capped: false }} loading={false} stale={false} error={false} {...on} />);
    const empty = screen.getByTestId('results-empty');
    expect(within(empty).getByRole('heading', { name: 'Geen artiesten gevonden' })).toBeInTheDocument();
    expect(
      within(empty)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Alle categorieën', 'Alle genres', 'Elke beoordeling', 'Alle filters wissen']);
    fireEvent.click(within(empty).getByRole('button', { name: 'Alle genres' }));
    expect(on.onLoosen).toHaveBeenCalledWith('genre');
    fireEvent.click(within(empty).getByRole('button', { name: 'Alle filters wissen' }));
    expect(on.onClear).toHaveBeenCalledOnce();
  });

  it('says so when the marketplace itself is empty, without filter buttons', () => {
    renderWithApp(<ArtistResults filters={defaultFilters} data={{ artists: [], total: 0, capped: false }} loading={false} stale={false} error={false} {...handlers()} />);
    expect(within(screen.getByTestId('results-empty')).queryAllByRole('button')).toEqual([]);
  });

  it('shows the error with a retry', () => {
    const on = handlers();
    renderWithApp(<ArtistResults filters={defaultFilters} data={undefined} loading={false} stale={false} error {...on} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('De artiesten konden niet worden geladen');
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(on.onRetry).toHaveBeenCalledOnce();
  });
});
