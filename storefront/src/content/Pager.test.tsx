// The one pager of the storefront's lists (artists, news, BANDS transactions) as a visitor meets
// it: real links to each page, the current one marked, and a list that goes to a page itself.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { Pager } from './Pager.tsx';

const href = (page: number) => (page <= 1 ? '/news' : `/news?pagina=${page}`);

describe('the pager', () => {
  it('links to the pages around the current one, the first and the last', () => {
    renderWithApp(<Pager page={5} pageCount={10} href={href} summary="90 artikelen · pagina 5 van 10" />);
    const nav = screen.getByRole('navigation', { name: 'Paginering' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Vorige', '1', '4', '5', '6', '10', 'Volgende']);
    expect(within(nav).getByRole('link', { name: 'Vorige' })).toHaveAttribute('href', '/news?pagina=4');
    expect(within(nav).getByRole('link', { name: 'Vorige' })).toHaveAttribute('rel', 'prev');
    expect(within(nav).getByRole('link', { name: 'Pagina 1' })).toHaveAttribute('href', '/news');
    expect(within(nav).getByRole('link', { name: 'Pagina 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Volgende' })).toHaveAttribute('href', '/news?pagina=6');
    expect(screen.getByText('90 artikelen · pagina 5 van 10')).toBeInTheDocument();
  });

  it('has no Vorige on the first page nor Volgende on the last', () => {
    const { unmount } = renderWithApp(<Pager page={1} pageCount={3} href={href} />);
    expect(screen.queryByRole('link', { name: 'Vorige' })).toBeNull();
    unmount();
    renderWithApp(<Pager page={3} pageCount={3} href={href} />);
    expect(screen.queryByRole('link', { name: 'Volgende' })).toBeNull();
  });

  it('shows only the summary when everything fits on one page', () => {
    renderWithApp(<Pager page={1} pageCount={1} href={href} summary="4 artikelen" />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('4 artikelen')).toBeInTheDocument();
  });

  it('lets a list go to the page itself on a plain click, and leaves a new-tab click to the browser', () => {
    const onPage = vi.fn();
    // Whether the pager kept the browser from following the link; then no click navigates jsdom.
    const followed: boolean[] = [];
    const record = (event: MouseEvent) => {
      followed.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    renderWithApp(<Pager page={2} pageCount={4} href={href} onPage={onPage} label="Pagina's met artiesten" />);
    const nav = screen.getByRole('navigation', { name: "Pagina's met artiesten" });
    fireEvent.click(within(nav).getByRole('link', { name: 'Volgende' }));
    expect(onPage).toHaveBeenCalledWith(3);
    fireEvent.click(within(nav).getByRole('link', { name: 'Pagina 1' }), { ctrlKey: true });
    expect(onPage).toHaveBeenCalledTimes(1);
    expect(followed).toEqual([false, true]);
    window.removeEventListener('click', record);
  });
});
