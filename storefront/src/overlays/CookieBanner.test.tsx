// SPEC 2.12 / 9: the cookie banner appears 1 s after load while no choice is stored; each
// choice is stored and the banner stays away; the settings dialog saves the two toggles.
import { consentStorageKey } from '@podium/shared/consent';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { CookieBanner } from './CookieBanner.tsx';

const stored = () => JSON.parse(window.localStorage.getItem(consentStorageKey) ?? 'null') as unknown;

async function renderBanner() {
  vi.resetModules();
  const { CookieBanner: Fresh } = (await import('./CookieBanner.tsx')) as { CookieBanner: typeof CookieBanner };
  return renderWithApp(<Fresh />);
}

afterEach(() => vi.useRealTimers());

describe('the cookie banner', () => {
  it('appears 1 s after load, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderBanner();
    await act(async () => vi.advanceTimersByTime(900));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    await act(async () => vi.advanceTimersByTime(150));
    expect(screen.getByTestId('cookie-banner')).toBeInTheDocument();
  });

  it("'Alles accepteren' stores all three and closes", async () => {
    const user = userEvent.setup();
    await renderBanner();
    await user.click(await screen.findByRole('button', { name: 'Alles accepteren' }, { timeout: 3000 }));
    expect(stored()).toEqual({ necessary: true, analytics: true, marketing: true });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it("'Alleen noodzakelijk' stores only the necessary ones", async () => {
    const user = userEvent.setup();
    await renderBanner();
    await user.click(await screen.findByRole('button', { name: 'Alleen noodzakelijk' }, { timeout: 3000 }));
    expect(stored()).toEqual({ necessary: true, analytics: false, marketing: false });
  });

  it('the settings dialog toggles analytics and marketing and saves them', async () => {
    const user = userEvent.setup();
    await renderBanner();
    await user.click(await screen.findByRole('button', { name: 'Instellingen' }, { timeout: 3000 }));
    const dialog = await screen.findByTestId('cookie-settings');
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Analytics/ }));
    await user.click(screen.getByRole('button', { name: 'Voorkeuren opslaan' }));
    await waitFor(() => expect(stored()).toEqual({ necessary: true, analytics: true, marketing: false }));
  });

  it('stays away once a choice is stored', async () => {
    window.localStorage.setItem(consentStorageKey, JSON.stringify({ necessary: true, analytics: false, marketing: true }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderBanner();
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });
});

describe('changing the choice later', () => {
  it("the footer's 'Cookie-instellingen' reopens the settings with the stored choice", async () => {
    window.localStorage.setItem(consentStorageKey, JSON.stringify({ necessary: true, analytics: true, marketing: false }));
    const user = userEvent.setup();
    await renderBanner();
    const { openCookieSettings } = await import('../platform/cookie-settings.ts');
    act(() => openCookieSettings());
    await screen.findByTestId('cookie-settings');
    expect(screen.getByRole('checkbox', { name: /Analytics/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Marketing/ })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Marketing/ }));
    await user.click(screen.getByRole('button', { name: 'Voorkeuren opslaan' }));
    await waitFor(() => expect(stored()).toEqual({ necessary: true, analytics: true, marketing: true }));
  });
});
