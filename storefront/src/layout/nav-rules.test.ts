// SPEC 2.6 / 2.7: the navigation matrix: which links each viewer sees and where the bottom
// navigation shows, by role, path and viewport width.
import { describe, expect, it } from 'vitest';
import { bottomNavItems, bottomNavVisible, headerRoleLinks, isLinkActive, mainLinks, menuSheetItems, profileMenuItems, showsDesktopHeader } from './nav-rules.ts';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('main links', () => {
  const link = (label: string) => mainLinks.find((item) => item.label === label)!;
  it.each([
    ['HOME', '/', true],
    ['HOME', '/artists', false],
    ['ARTISTS', '/artists', true],
    ['ARTISTS', '/artists/de-dansband', true],
    ['ARTISTS', '/artiesten', false],
    ['SOUND & LIGHT', '/sound-light', true],
    ['SOUND & LIGHT', '/sound-light/extra', false],
    ['NEWS', '/news', true],
    ['NEWS', '/news/nieuw-seizoen', true],
    ['NEWS', '/newsletter', false],
  ])('%s is active on %s: %s', (label, path, active) => {
    expect(isLinkActive(link(label), path)).toBe(active);
  });
});

describe('role links and menus', () => {
  it('header role links per role', () => {
    expect(labels(headerRoleLinks(null))).toEqual(['Artiest worden']);
    expect(labels(headerRoleLinks('customer'))).toEqual(['Artiest worden']);
    expect(labels(headerRoleLinks('artist'))).toEqual(['Artiesten Dashboard']);
    expect(labels(headerRoleLinks('admin'))).toEqual(['ADMIN DASHBOARD', 'Artiesten Dashboard']);
    expect(headerRoleLinks('admin')[0]?.to).toBe('/admin/approvals');
  });

  it('profile menu items per role, in order', () => {
    const common = ['Favorieten', 'Boekingen', 'Berichten', 'Profiel', 'Mijn reviews', 'BANDS Dashboard'];
    expect(labels(profileMenuItems('customer'))).toEqual([...common, 'Artiest worden', 'Uitloggen']);
    expect(labels(profileMenuItems('artist'))).toEqual([...common, 'Artiesten Dashboard', 'Uitloggen']);
    expect(labels(profileMenuItems('admin'))).toEqual([...common, 'Artiesten Dashboard', 'Admin Dashboard', 'Uitloggen']);
    expect(profileMenuItems('customer').find((item) => item.label === 'Berichten')?.badge).toBe('unread');
  });

  it('bottom navigation: Berichten for users, Inloggen for guests', () => {
    expect(labels(bottomNavItems(true))).toEqual(['Ontdek', 'Artiesten', 'Favorieten', 'Berichten']);
    expect(labels(bottomNavItems(false))).toEqual(['Ontdek', 'Artiesten', 'Favorieten', 'Inloggen']);
  });

  it('the Menu sheet per viewer', () => {
    const pages = ['Home', 'Artiesten', 'Sound & Light', 'News'];
    const account = ['Mijn Boekingen', 'Berichten', 'Mijn Profiel', 'BANDS Dashboard', 'Contact'];
    expect(labels(menuSheetItems(false, null))).toEqual([...pages, 'Artiest worden', 'Contact', 'Inloggen', 'Registreren']);
    expect(labels(menuSheetItems(true, 'customer'))).toEqual([...pages, ...account, 'Artiest worden', 'Uitloggen']);
    expect(labels(menuSheetItems(true, 'artist'))).toEqual([...pages, ...account, 'Artiesten dashboard', 'Uitloggen']);
    expect(labels(menuSheetItems(true, 'admin'))).toEqual([...pages, ...account, 'Artiesten dashboard', 'Uitloggen']);
  });
});

describe('where the bottom navigation shows (path x width)', () => {
  const phone = 390;
  const tablet = 768;
  const justBelow = 1023;
  const desktop = 1024;
  it.each([
    ['/', phone, true],
    ['/', tablet, true],
    ['/', justBelow, true],
    ['/', desktop, false],
    ['/artists', phone, true],
    ['/artists/de-dansband', phone, false],
    ['/artists/de-dansband', justBelow, false],
    ['/booking/b1/checkout', phone, false],
    ['/checkout/success', tablet, false],
    ['/artist-onboarding', phone, false],
    ['/artist-onboarding/stap-2', tablet, false],
    ['/admin', phone, false],
    ['/admin/approvals', tablet, false],
    ['/messages', phone, true],
    ['/favorites', tablet, true],
  ])('%s at %ipx: %s', (path, width, visible) => {
    expect(bottomNavVisible(path, width)).toBe(visible);
  });

  it('the desktop header takes over from 1024px', () => {
    expect(showsDesktopHeader(1023)).toBe(false);
    expect(showsDesktopHeader(1024)).toBe(true);
  });
});
