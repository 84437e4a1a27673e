// SPEC 2.6 / 2.7 / 9: the header and bottom navigation as a visitor sees them, for each role,
// path and viewport width: which links appear, the unread badge ('99+' above 99), and where
// the bottom navigation hides.
import type { SessionState, SessionStore } from '@podium/shared/session';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../app/app-context.tsx';
import { sessionStore } from '../app/services.ts';
import { renderWithApp } from '../test/render.tsx';
import { BottomNav } from './BottomNav.tsx';
import { DesktopHeader } from './DesktopHeader.tsx';

const unread = vi.hoisted(() => ({ count: 0 }));
vi.mock('../app/query.tsx', async () => {
  const { unreadBadgeText } = await import('@podium/shared/unread');
  return { useUnreadBadgeFor: (userId: string | null) => (userId ? unreadBadgeText(unread.count) : null), loadQueryRuntime: vi.fn() };
});

type Viewer = 'guest' | 'customer' | 'artist' | 'admin';
let state: SessionState = { status: 'no-user', session: null, user: null, profile: null };
const listeners = new Set<() => void>();
const fakeStore: SessionStore = {
  subscribe: (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => state,
  refreshProfile: async () => null,
  acceptProfile: () => {},
  clearLocal: () => {},
  dispose: () => {},
};
beforeAll(() => sessionStore.attach(fakeStore));

function viewAs(viewer: Viewer) {
  if (viewer === 'guest') {
    state = { status: 'no-user', session: null, user: null, profile: null };
  } else {
    const user = { id: `${viewer}-1`, email: `${viewer}@example.nl` } as never;
    state = {
      status: 'ready',
      session: {} as never,
      user,
      profile: { id: `${viewer}-1`, role: viewer, first_name: 'Sam', last_name: 'Jansen', email_verified: true } as never,
    };
  }
  for (const listener of listeners) listener();
}

function atWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

function renderChrome(viewer: Viewer, path: string, width: number) {
  viewAs(viewer);
  atWidth(width);
  return renderWithApp(
    <AppProvider>
      <DesktopHeader />
      <BottomNav />
    </AppProvider>,
    { path },
  );
}

const header = () => screen.getByTestId('site-header');

describe('the desktop header', () => {
  it.each([
    ['guest', ['Artiest worden', 'Inloggen', 'Registreer'], ['Artiesten Dashboard', 'ADMIN DASHBOARD']],
    ['customer', ['Artiest worden'], ['Artiesten Dashboard', 'ADMIN DASHBOARD', 'Inloggen']],
    ['artist', ['Artiesten Dashboard'], ['Artiest worden', 'ADMIN DASHBOARD', 'Inloggen']],
    ['admin', ['ADMIN DASHBOARD', 'Artiesten Dashboard'], ['Artiest worden', 'Inloggen']],
  ] as const)('for a %s at 1440px shows %j and not %j', (viewer, shown, hidden) => {
    renderChrome(viewer, '/news', 1440);
    const inHeader = within(header());
    // The desktop parts are shown from lg up by a media query, which jsdom does not apply: they
    // count as hidden here (e2e checks them at desktop widths in Chromium).
    const all = { hidden: true };
    for (const label of ['HOME', 'ARTISTS', 'SOUND & LIGHT', 'NEWS']) expect(inHeader.getByRole('link', { name: label, ...all })).toBeInTheDocument();
    for (const label of shown) expect(inHeader.getByRole('button', { name: label, ...all })).toBeInTheDocument();
    for (const label of hidden) expect(inHeader.queryByRole('button', { name: label, ...all })).toBeNull();
    expect(inHeader.getByRole('link', { name: 'NEWS', ...all })).toHaveAttribute('aria-current', 'page');
    expect(inHeader.getByRole('link', { name: 'HOME', ...all })).not.toHaveAttribute('aria-current');
  });

  it('below 1024px is a compact bar without the main links', () => {
    renderChrome('customer', '/', 1023);
    expect(within(header()).queryByRole('link', { name: 'ARTISTS' })).toBeNull();
    expect(within(header()).getByRole('button', { name: 'Profielmenu' })).toBeInTheDocument();
  });

  it('is transparent on / until scrolled past 50px, and changes style past 50px', () => {
    renderChrome('guest', '/', 1440);
    expect(header()).toHaveAttribute('data-transparent', 'true');
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 50 });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header()).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 51 });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header()).toHaveAttribute('data-scrolled', 'true');
    expect(header()).toHaveAttribute('data-transparent', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('is solid on other pages even at the top', () => {
    renderChrome('guest', '/artists', 1440);
    expect(header()).toHaveAttribute('data-transparent', 'false');
  });

  it('opens the profile menu on a press, and after logging out and in again waits for the next press', async () => {
    renderChrome('customer', '/news', 1440);
    const user = userEvent.setup();
    await user.click(within(header()).getByRole('button', { name: 'Profielmenu' }));
    expect(await screen.findByTestId('profile-menu')).toBeVisible();
    act(() => viewAs('guest'));
    expect(screen.queryByTestId('profile-menu')).toBeNull();
    act(() => viewAs('customer'));
    const button = await within(header()).findByRole('button', { name: 'Profielmenu' });
    expect(button).not.toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByTestId('profile-menu')).toBeNull();
    await user.click(button);
    expect(await screen.findByTestId('profile-menu')).toBeVisible();
  });

  it("shows the unread count, '99+' above 99", () => {
    unread.count = 100;
    renderChrome('customer', '/news', 1440);
    expect(within(header()).getByTestId('unread-badge')).toHaveTextContent('99+');
    unread.count = 0;
  });
});

describe('the bottom navigation', () => {
  it.each([
    ['guest', '/', 390, true],
    ['customer', '/', 768, true],
    ['artist', '/messages', 1023, true],
    ['admin', '/', 1024, false],
    ['customer', '/artists/de-dansband', 390, false],
    ['guest', '/booking/b1/checkout', 768, false],
    ['artist', '/artist-onboarding', 390, false],
    ['admin', '/admin/approvals', 390, false],
  ] as const)('for a %s on %s at %ipx shows: %s', (viewer, path, width, visible) => {
    renderChrome(viewer, path, width);
    expect(screen.queryByTestId('bottom-nav') !== null).toBe(visible);
  });

  it("has 'Inloggen' for guests and 'Berichten' with the badge for users", () => {
    renderChrome('guest', '/', 390);
    const guestNav = within(screen.getByTestId('bottom-nav'));
    expect(guestNav.getByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
    expect(guestNav.queryByRole('link', { name: /Berichten/ })).toBeNull();
  });

  it('shows the unread badge on Berichten', () => {
    unread.count = 7;
    renderChrome('customer', '/', 390);
    const nav = within(screen.getByTestId('bottom-nav'));
    expect(nav.getByRole('link', { name: /Berichten/ })).toBeInTheDocument();
    expect(nav.getByTestId('unread-badge')).toHaveTextContent('7');
    unread.count = 0;
  });
});
