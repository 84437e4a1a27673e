// Browser-safe exports only; Node-only code is imported by path (`@podium/shared/supabase-node`).
// Each module is also importable on its own: `@podium/shared/session`, `@podium/shared/messages`, ...
export { localSupabase } from './local-stack.ts';
export { readSupabaseEnv, type SupabaseEnv, type SupabaseEnvInput } from './supabase-env.ts';
export { authStorageKey, createBrowserClient, type UntypedDatabase } from './supabase.ts';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types.ts';
export { createSessionStore, profileMenuName, useSession, type Profile, type SessionState, type SessionStore } from './session.ts';
export { createAuthActions, loginErrorMessage, type AuthActions, type LoginResult, type SignupInput, type SignupResult, type ToastResult } from './auth-actions.ts';
export {
  createAuthGuardController,
  decideAuthGuard,
  postLoginDestination,
  redirectDestinationKey,
  rememberPostLoginDestination,
  takePostLoginDestination,
  type AuthGuardDecision,
  type AuthGuardInput,
} from './auth-guard.ts';
export { isVerificationExempt, pathAfterPostponingVerification, shouldShowVerificationGate } from './email-verification.ts';
export {
  becomeArtistTarget,
  destinationForRole,
  hasRole,
  isRole,
  passesRoleTab,
  requiredRoleForPath,
  roleDestinations,
  roles,
  seesAdminDashboardLink,
  seesArtistDashboardLink,
  seesBecomeArtistLink,
  type Role,
} from './roles.ts';
export { canSubmitLogin, normalizeEmail, validateForgotPasswordEmail, validateLoginResendEmail, validateSignup, type SignupForm } from './validation.ts';
export { createUserModeStore, hasActiveArtist, initialUserMode, mayHaveArtistMode, storedUserMode, userModeKey, userModeLabels, type UserMode } from './user-mode.ts';
export {
  applyPendingReferral,
  applyPendingReferralOnLogin,
  capturePendingReferral,
  generateReferralCode,
  pendingReferralKey,
  referralCodeFromLocation,
  storePendingReferral,
  type ReferralOutcome,
} from './referral.ts';
export { fetchUnreadCount, markConversationRead, unreadBadgeText, useUnreadCount } from './unread.ts';
export { browserConnectivity, createRealtimeManager, reconnectDelay, refreshesOnChange, type ConnectionStatus, type RealtimeManager } from './realtime.ts';
export { conversationDisplayName, createMessagePopupStore, formatMessageTime, type MessagePopupItem } from './message-popups.ts';
export { queryKeys } from './query-keys.ts';
export { createToastStore, toast, toastStore, useToasts, type Toast, type ToastStore } from './toast.ts';
export { consentStorageKey, createConsentStore, mayLoad, scheduleCookieBanner, type CookieConsent, type Tracker } from './consent.ts';
export { deviceForWidth, imageUrl, imagePresets, responsiveImage, type ImageBucket, type ImagePreset } from './images.ts';
export { createQueryClient, isClientError, queryRetryDelay } from './query-client.ts';
export { errorToast, messages, ownWording, successToast, type ToastMessage } from './messages.ts';
export * as constants from './constants.ts';
