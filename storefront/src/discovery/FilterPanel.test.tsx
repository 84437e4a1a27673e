// The filters' number of guests as a visitor fills it in: read when they are done typing, a
// number it cannot take said at the field (and not applied), an emptied field clears it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { defaultFilters } from './artist-filters.ts';
import { FilterPanel } from './FilterPanel.tsx';

function renderPanel(guests: number | null = null) {
  const onChange = vi.fn();
  renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <FilterPanel filters={{ ...defaultFilters, guests }} onChange={onChange} />
    </QueryClientProvider>,
  );
  return { onChange, field: screen.getByLabelText('Aantal gasten') };
}

describe('the number of guests in the filters', () => {
  it('applies a number when the visitor is done typing (Enter or leaving the field)', () => {
    const { onChange, field } = renderPanel();
    fireEvent.change(field, { target: { value: '120' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ guests: 120 });
    fireEvent.change(field, { target: { value: '1.200' } });
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith({ guests: 1200 });
  });

  it.each(['0', '25000', 'heel veel', '-4'])('says at the field that it cannot take %s, and applies nothing', (text) => {
    const { onChange, field } = renderPanel();
    fireEvent.change(field, { target: { value: text } });
    fireEvent.blur(field);
    expect(screen.getByRole('alert')).toHaveTextContent('Vul een aantal gasten in tussen 1 en 10.000.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Vul een aantal gasten in tussen 1 en 10.000.');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '80' } });
    fireEvent.blur(field);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenCalledWith({ guests: 80 });
  });

  it('clears the number when the field is emptied', () => {
    const { onChange, field } = renderPanel(120);
    expect(field).toHaveValue('120');
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.blur(field);
    expect(onChange).toHaveBeenCalledWith({ guests: null });
  });
});
