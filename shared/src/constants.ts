// SPEC 9, business constants and limits: each value once, named for what it means. Durations are
// milliseconds unless the name says otherwise.

// Accounts and sign-in
export const minimumPasswordLength = 6;
export const loginTimeoutMs = 10_000;
export const loginProfileFetchTimeoutMs = 8_000;
export const profileLoadAttempts = 2;
/** Between profile load attempts the wait is this times the attempt number just made. */
export const profileLoadRetryStepMs = 1_000;
export const profileLoadDelayAfterSignInMs = 1_500;
export const initialAuthLoadingFallbackMs = 2_000;
export const pendingReferralApplyDelayMs = 1_000;
export const placeholderReferralCode = 'code-x-1234';
export const switchToLoginAfterAlreadyRegisteredMs = 2_000;
export const authGuardMissingProfileWaitMs = 10_000;
export const authGuardArtistDashboardWaitMs = 8_000;

// Realtime
export const realtimeHealthCheckIntervalMs = 30_000;
export const realtimeReconnectBaseMs = 1_000;
export const realtimeReconnectCapMs = 10_000;
/**
 * Ours, not the spec's: changes heard within this window refresh each affected query once, at its
 * end. One chat message is an insert and, once read, an update, heard on both sides; without it
 * each would read the thread, the list and the unread count again, and cancel the read before.
 */
export const realtimeChangeRefreshWindowMs = 100;

// Referral and artist cards
export const leaderboardDefaultSize = 10;
export const publicArtistCardPrefetchLimit = 24;
export const cardsPerHeroCategory = 10;
export const heroCategories = ['bekende', 'bands', 'acts', 'international', 'huwelijk', 'bedrijfsfeest'] as const;
export type HeroCategory = (typeof heroCategories)[number];
export const currency = 'EUR';

// Layout
export const headerScrollThresholdPx = 50;
export const bottomNavHidingBreakpointPx = 1024;
/** Above this the unread badge shows '99+'. */
export const unreadBadgeMax = 99;

// Notifications
export const toastsShownAtOnce = 1;
export const dismissedToastRemovalDelayMs = 1_000_000;
export const toastDisplayDurationMs = 5_000;
export const toastSwipeDirection = 'right';
export const toastSwipeThresholdPx = 50;
export const toastViewportHotkey = ['F8'] as const;
export const toastViewportMaxWidthPx = 420;
export const messagePopupDurationMs = 5_000;
/** The themed notification container (a sonner-like toaster beside the toast store). */
export const themedToaster = {
  label: 'Notifications',
  hotkey: ['altKey', 'KeyT'],
  visibleToastsKept: 20,
  durationsMs: { blank: 4_000, error: 4_000, success: 2_000, loading: Number.POSITIVE_INFINITY },
} as const;
export const tooltipOpenDelayMs = 700;
export const tooltipSideOffsetPx = 4;

// Cookies, retries and updates
export const cookieBannerDelayMs = 1_000;
export const pageLoadRetryAttempts = 3;
/** Page-load retries wait this times the attempt number. */
export const pageLoadRetryStepMs = 1_000;
export const errorScreenRetries = 3;
export const errorScreenAutoRetryMs = 2_000;
export const writeRetries = 2;
export const writeRetryDelayMs = 200;
export const serviceWorkerVersion = '2.3.0';
export const serviceWorkerUrl = `/sw.js?v=${serviceWorkerVersion}`;
export const updateCheckIntervalMs = 60 * 60 * 1_000;
export const locale = 'nl-NL';

// Data queries (the first reading of SPEC 9; see query-client.ts)
export const queryMaxRetries = 3;
export const queryRetryBaseMs = 200;
export const queryRetryCapMs = 2_000;
export const queryCacheTimeMs = 2 * 60 * 1_000;
