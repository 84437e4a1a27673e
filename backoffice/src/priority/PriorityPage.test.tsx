import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderScreen } from '../test/render.tsx';
import { PriorityPage } from './PriorityPage.tsx';

const ranked = [
  { id: 'a', name: 'Alpha Band', genre: 'pop', city: 'Utrecht', priority: 30 },
  { id: 'b', name: 'Beta Duo', genre: 'jazz', city: 'Gent', priority: 20 },
  { id: 'c', name: 'Gamma DJ', genre: 'house', city: 'Delft', priority: 10 },
];

describe('the priority page', () => {
  it('lists approved artists in recommended order and saves a new order', async () => {
    const dataProvider = fakeDataProvider({ priority: ranked });
    renderScreen(<PriorityPage />, { dataProvider });
    const names = async () => (await screen.findAllByTestId('ranked-artist')).map((item) => item.textContent);
    expect(await names()).toEqual([expect.stringContaining('Alpha Band'), expect.stringContaining('Beta Duo'), expect.stringContaining('Gamma DJ')]);
    const save = screen.getByRole('button', { name: 'Volgorde opslaan' });
    expect(save).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Gamma DJ omhoog' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gamma DJ omhoog' }));
    expect(await names()).toEqual([expect.stringContaining('Gamma DJ'), expect.stringContaining('Alpha Band'), expect.stringContaining('Beta Duo')]);
    // Every place number follows the move at once, and a moved act says where it was.
    expect(await names()).toEqual(['1.Gamma DJhouse · Delft · was 3', '2.Alpha Bandpop · Utrecht · was 1', '3.Beta Duojazz · Gent · was 2']);
    // The save action sits above the long list, in a bar that stays in view.
    const bar = screen.getByTestId('priority-save-bar');
    expect(within(bar).getByRole('status')).toHaveTextContent('3 artiesten verplaatst, nog niet opgeslagen');
    expect(bar).toContainElement(save);
    expect(bar.compareDocumentPosition(screen.getByRole('list', { name: 'Volgorde van artiesten' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(getComputedStyle(bar).position).toBe('sticky');
    await userEvent.click(save);
    expect(dataProvider.reorderArtists).toHaveBeenCalledWith(['c', 'a', 'b'], undefined);
    expect(await screen.findByText('Volgorde opgeslagen')).toBeInTheDocument();
  });

  it('asks for one category at a time', async () => {
    const dataProvider = fakeDataProvider({ priority: ranked });
    renderScreen(<PriorityPage />, { dataProvider });
    await userEvent.click(await screen.findByRole('tab', { name: 'Bruiloft' }));
    await vi.waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith('priority', expect.objectContaining({ filter: { category: 'huwelijk' }, sort: { field: 'priority', order: 'DESC' } })),
    );
  });
});
