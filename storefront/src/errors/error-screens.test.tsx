// SPEC 8.7: what a visitor sees when a page fails: the page-load failure screen with its
// attempts (automatic retry after 2 s, hard reload after 3), or 'Unexpected Application Error!'.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { importWithRetry } from '@podium/shared/errors/lazy-page.ts';
import { RouteErrorBoundary } from '@podium/shared/errors/RouteErrorBoundary.tsx';

function Boom({ error }: { error: Error }): never {
  throw error;
}

const reload = vi.fn();
const replace = vi.fn();
Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload, replace, href: 'http://localhost/news' } });

afterEach(() => {
  vi.useRealTimers();
  reload.mockReset();
  replace.mockReset();
  vi.restoreAllMocks();
});

describe('the route error boundary', () => {
  it("shows 'Unexpected Application Error!' for an ordinary error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(
      <RouteErrorBoundary>
        <Boom error={new Error('kapot')} />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('kapot')).toBeInTheDocument();
  });

  it('shows the page-load failure screen for a failed chunk, retries after 2 s, and hard-reloads after the third try', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/NewsPage-abc.js');
    renderWithApp(
      <RouteErrorBoundary>
        <Boom error={chunkError} />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Pagina kan niet worden geladen' })).toBeInTheDocument();
    expect(screen.getByTestId('retry-progress')).toHaveTextContent('Poging 1 van 3');
    for (const label of ['Nu opnieuw proberen', 'Pagina vernieuwen', 'Terug']) expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1_900));
    expect(reload).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(200));
    expect(reload).toHaveBeenCalledOnce();
    expect(window.sessionStorage.getItem('podium-page-load-retry')).toBe('1');

    // The third attempt's retry is a hard reload past every cache.
    window.sessionStorage.setItem('podium-page-load-retry', '2');
    renderWithApp(
      <RouteErrorBoundary>
        <Boom error={chunkError} />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByText('Poging 3 van 3')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2_100));
    expect(replace).toHaveBeenCalledWith(expect.stringContaining('_reload='));
    expect(window.sessionStorage.getItem('podium-page-load-retry')).toBeNull();
  });
});

describe('page-load retries', () => {
  it('tries an import up to 3 times, waiting 1 s x attempt', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(new Error('net')).mockRejectedValueOnce(new Error('net')).mockResolvedValue('ok');
    const result = importWithRetry(load);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives up after the third failure', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValue(new Error('net'));
    const result = importWithRetry(load);
    const settled = expect(result).rejects.toThrow('net');
    await vi.advanceTimersByTimeAsync(3_000);
    await settled;
    expect(load).toHaveBeenCalledTimes(3);
  });
});
