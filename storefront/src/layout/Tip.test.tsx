// SPEC 9: tooltips open after 700 ms.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { Tip } from './Tip.tsx';

afterEach(() => vi.useRealTimers());

it('opens 700 ms after hover or focus, and closes on leave', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderWithApp(
    <Tip label="Berichten">
      <button type="button">B</button>
    </Tip>,
  );
  const trigger = screen.getByRole('button', { name: 'B' });
  fireEvent.pointerEnter(trigger);
  await act(async () => vi.advanceTimersByTime(650));
  expect(screen.queryByRole('tooltip')).toBeNull();
  await act(async () => vi.advanceTimersByTime(60));
  expect(screen.getByRole('tooltip')).toHaveTextContent('Berichten');
  expect(trigger).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
  fireEvent.pointerLeave(trigger);
  expect(screen.queryByRole('tooltip')).toBeNull();
});
