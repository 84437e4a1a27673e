import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';
import { consentStorageKey } from './consent.ts';
import { reconnectDelay } from './realtime.ts';
import { specText } from './spec-text.test-support.ts';
import { unreadBadgeText } from './unread.ts';

const s = (ms: number) => `${ms / 1000} s`;
const thousands = (n: number) => n.toLocaleString('en-US');

// SPEC 9, row by row: the spec's label and value, and the same value written from our constant.
const rows: [label: string, specValue: string, ours: string][] = [
  // Accounts and sign-in
  ['minimum password length', '6', String(c.minimumPasswordLength)],
  ['login timeout', '10 s', s(c.loginTimeoutMs)],
  ['profile fetch timeout during login', '8 s', s(c.loginProfileFetchTimeoutMs)],
  ['profile load attempts', '2, waiting 1000 ms × attempt number between them', `${c.profileLoadAttempts}, waiting ${c.profileLoadRetryStepMs} ms × attempt number between them`],
  ['delay before profile load after sign-in', '1.5 s', s(c.profileLoadDelayAfterSignInMs)],
  ['initial auth loading fallback', '2 s', s(c.initialAuthLoadingFallbackMs)],
  ['delay before applying a pending referral after login', '1 s', s(c.pendingReferralApplyDelayMs)],
  ['ignored placeholder referral code', "'code-x-1234'", `'${c.placeholderReferralCode}'`],
  ["switch to login after 'already registered'", '2 s', s(c.switchToLoginAfterAlreadyRegisteredMs)],
  ['auth guard wait for a missing profile', '10 s', s(c.authGuardMissingProfileWaitMs)],
  ['auth guard wait on the artist dashboard', '8 s', s(c.authGuardArtistDashboardWaitMs)],
  // Realtime
  ['health check interval', '30 s', s(c.realtimeHealthCheckIntervalMs)],
  ['reconnect back-off', '1000 ms × 2^(n−1), capped at 10 s', `${c.realtimeReconnectBaseMs} ms × 2^(n−1), capped at ${s(c.realtimeReconnectCapMs)}`],
  // Referral and artist cards
  ['leaderboard default size', '10', String(c.leaderboardDefaultSize)],
  ['public artist card prefetch', '24', String(c.publicArtistCardPrefetchLimit)],
  ['cards per hero category', '10', String(c.cardsPerHeroCategory)],
  ['hero categories', 'bekende, bands, acts, international, huwelijk, bedrijfsfeest', c.heroCategories.join(', ')],
  ['currency', 'EUR; BANDS balances in cents', `${c.currency}; BANDS balances in cents`],
  // Layout
  ['header scroll threshold', '50px', `${c.headerScrollThresholdPx}px`],
  ['bottom-nav hiding rule breakpoint', '1024px', `${c.bottomNavHidingBreakpointPx}px`],
  ['unread badge', "shows '99+' above 99", `shows '${unreadBadgeText(c.unreadBadgeMax + 1)}' above ${c.unreadBadgeMax}`],
  // Notifications
  ['toasts shown at once', '1', String(c.toastsShownAtOnce)],
  ['removal delay of a dismissed toast', '1,000,000 ms', `${thousands(c.dismissedToastRemovalDelayMs)} ms`],
  ['toast display duration', '5000 ms', `${c.toastDisplayDurationMs} ms`],
  ['swipe to dismiss', 'right, threshold 50 px', `${c.toastSwipeDirection}, threshold ${c.toastSwipeThresholdPx} px`],
  ['keyboard shortcut to the notification area', 'F8', c.toastViewportHotkey.join('+')],
  ['toast viewport width on medium and larger screens', 'at most 420 px', `at most ${c.toastViewportMaxWidthPx} px`],
  ['new-message pop-up duration', '5 s', s(c.messagePopupDurationMs)],
  ['new-message pop-up time format', 'hours:minutes, nl-NL', `hours:minutes, ${c.locale}`],
  // Cookies, retries and updates
  ['cookie banner delay', '1 s', s(c.cookieBannerDelayMs)],
  ['page-load retries', 'up to 3 attempts, 1 s × attempt back-off', `up to ${c.pageLoadRetryAttempts} attempts, ${s(c.pageLoadRetryStepMs)} × attempt back-off`],
  ['error screen', '3 retries, automatic retry after 2 s', `${c.errorScreenRetries} retries, automatic retry after ${s(c.errorScreenAutoRetryMs)}`],
  ['writes', '2 retries, 200 ms apart', `${c.writeRetries} retries, ${c.writeRetryDelayMs} ms apart`],
  ['background worker version', '2.3.0', c.serviceWorkerVersion],
  ['update check', 'every hour', c.updateCheckIntervalMs === 3_600_000 ? 'every hour' : `every ${c.updateCheckIntervalMs} ms`],
  ['locale for the review widget and time formatting', 'nl-NL', c.locale],
];

describe('SPEC 9: business constants', () => {
  it.each(rows)('%s: %s', (label, specValue, ours) => {
    expect(specText).toContain(`| ${label} | ${specValue} |`);
    expect(ours).toBe(specValue);
  });

  it('the cookie consent key is fixed and named after the product', () => {
    expect(consentStorageKey).toMatch(/^podium-/);
  });

  it('the back-off reaches its cap at the fifth attempt', () => {
    expect(reconnectDelay(4)).toBeLessThan(c.realtimeReconnectCapMs);
    expect(reconnectDelay(5)).toBe(c.realtimeReconnectCapMs);
  });

  it('the themed notification container', () => {
    expect(specText).toContain("accessible label 'Notifications'");
    expect(c.themedToaster).toMatchObject({ label: 'Notifications', visibleToastsKept: 20, durationsMs: { blank: 4_000, error: 4_000, success: 2_000 } });
    expect(c.themedToaster.durationsMs.loading).toBe(Number.POSITIVE_INFINITY);
    expect(specText).toContain('Tooltips open after 700 ms, with a side offset of 4px.');
    expect([c.tooltipOpenDelayMs, c.tooltipSideOffsetPx]).toEqual([700, 4]);
    expect(specText).toContain('Registered at /sw.js?v=2.3.0 with scope /.');
    expect(c.serviceWorkerUrl).toBe('/sw.js?v=2.3.0');
  });
});
