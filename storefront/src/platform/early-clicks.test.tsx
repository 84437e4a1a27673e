// A tap on a prerendered button before hydration is pressed again once the app is live.
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EarlyClickReplay } from './early-clicks.ts';

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount((value) => value + 1)}>Geklikt: {count}</button>;
}

afterEach(() => {
  delete window.podiumEarlyClick;
  delete window.podiumEarlyClickAt;
});

describe('early clicks', () => {
  it('presses the button tapped before hydration once, after the app has rendered', () => {
    const { rerender } = render(<Counter />);
    window.podiumEarlyClick = screen.getByRole('button');
    rerender(
      <>
        <Counter />
        <EarlyClickReplay />
      </>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Geklikt: 1');
    expect(window.podiumEarlyClick).toBeNull();
  });

  it('does nothing without an early tap, or when the tapped button is gone', () => {
    const gone = document.createElement('button');
    window.podiumEarlyClick = gone;
    render(
      <>
        <Counter />
        <EarlyClickReplay />
      </>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Geklikt: 0');
  });

  it('presses the same button in a page React rendered anew, and nothing when the page changed', () => {
    const old = document.createElement('button');
    old.textContent = 'Geklikt: 0';
    window.podiumEarlyClick = old;
    window.podiumEarlyClickAt = 0;
    render(
      <>
        <Counter />
        <EarlyClickReplay />
      </>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Geklikt: 1');

    const other = document.createElement('button');
    other.textContent = 'Iets anders';
    window.podiumEarlyClick = other;
    window.podiumEarlyClickAt = 0;
    render(<EarlyClickReplay />);
    expect(screen.getByRole('button')).toHaveTextContent('Geklikt: 1');
  });

  it('says the page is live only once it has rendered, so the session arrives after hydration', async () => {
    vi.resetModules();
    const fresh = await import('./early-clicks.ts');
    let live = false;
    void fresh.pageLive.then(() => (live = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(live).toBe(false);
    render(<fresh.EarlyClickReplay />);
    await fresh.pageLive;
    expect(live).toBe(true);
  });
});
