import { describe, expect, it, vi } from 'vitest';
import { onOpenCookieSettings, openCookieSettings } from './cookie-settings.ts';

describe("the footer's 'Cookie-instellingen'", () => {
  it('opens the settings the banner owns', () => {
    const open = vi.fn();
    const stop = onOpenCookieSettings(open);
    openCookieSettings();
    expect(open).toHaveBeenCalledTimes(1);
    stop();
  });

  it('pressed before the banner has loaded, opens them once it has, and only once', () => {
    openCookieSettings();
    const open = vi.fn();
    const stop = onOpenCookieSettings(open);
    expect(open).toHaveBeenCalledTimes(1);
    stop();
    const later = vi.fn();
    onOpenCookieSettings(later)();
    expect(later).not.toHaveBeenCalled();
  });
});
