// The breadcrumb trail every storefront page shows above its title, light or on the dark hero:
// links back up the trail, and the page itself named last, not as a link.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';

const trail = [
  { name: 'Home', path: '/' },
  { name: 'Artiesten', path: '/artists' },
  { name: 'Hoogtij', path: '/artists/hoogtij' },
];

describe('the breadcrumbs', () => {
  it.each(['light', 'dark'] as const)('link back up the trail and name the current page last (%s)', (tone) => {
    renderWithApp(<Breadcrumbs trail={trail} tone={tone} />);
    const nav = screen.getByRole('navigation', { name: 'Kruimelpad' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Home', '/Artiesten', '/Hoogtij']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Artiesten' })).toHaveAttribute('href', '/artists');
    expect(within(nav).queryByRole('link', { name: 'Hoogtij' })).toBeNull();
    expect(within(nav).getByText('Hoogtij')).toHaveAttribute('aria-current', 'page');
  });
});
