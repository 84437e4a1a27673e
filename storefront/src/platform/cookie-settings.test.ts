import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeCookieSettings, cookieSettingsOpen, openCookieSettings } from './cookie-settings.ts';

afterEach(closeCookieSettings);

describe("the footer's 'Cookie-instellingen'", () => {
  it('opens the settings the banner owns, and tells whoever listens', () => {
    const heard = vi.fn();
    const stop = cookieSettingsOpen.subscribe(heard);
    openCookieSettings();
    expect(cookieSettingsOpen.getSnapshot()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('pressed before the banner has loaded, is still open for the banner that loads later', () => {
    openCookieSettings();
    expect(cookieSettingsOpen.getSnapshot()).toBe(true);
  });

  it('stays open for a banner that mounts again, until the dialog is closed', () => {
    openCookieSettings();
    const first = cookieSettingsOpen.subscribe(() => undefined);
    first();
    expect(cookieSettingsOpen.getSnapshot()).toBe(true);
    closeCookieSettings();
    expect(cookieSettingsOpen.getSnapshot()).toBe(false);
  });

  it('a second press while open changes nothing', () => {
    openCookieSettings();
    const heard = vi.fn();
    const stop = cookieSettingsOpen.subscribe(heard);
    openCookieSettings();
    expect(heard).not.toHaveBeenCalled();
    stop();
  });
});
