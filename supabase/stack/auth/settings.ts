// The Auth service's settings: the stack's shared config, config.toml's [auth] settings that
// change how accounts are protected (as the Supabase CLI hands them to GoTrue: the secure
// password change, minimum password length, OTP lifetime, refresh-token reuse interval, manual
// linking) and the knobs GoTrue reads from its environment, which win over config.toml. Defaults
// follow the Supabase CLI's local config, except that the rate limits are generous so test suites that
// sign up many users from 127.0.0.1 don't trip them; set the env vars to exercise them.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { auth, keys, paths, ports, urls } from '../config.ts';

const env = process.env;
const num = (value: string | undefined, fallback: number) => {
  const parsed = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** The [auth] settings of config.toml this server applies (what `supabase config push` would set on hosted Supabase). */
interface TomlAuth {
  minimum_password_length?: number;
  refresh_token_reuse_interval?: number;
  enable_manual_linking?: boolean;
  email?: { secure_password_change?: boolean; otp_expiry?: number };
}

function tomlAuth(file = paths.configToml): TomlAuth {
  if (!existsSync(file)) return {};
  return ((parse(readFileSync(file, 'utf8')) as { auth?: TomlAuth }).auth ?? {}) as TomlAuth;
}

const flag = (value: string | undefined, fallback: boolean) => (value === 'true' ? true : value === 'false' ? false : fallback);

export interface RateLimits {
  /** E-mails sent to one address per hour. */
  emailPerAddressPerHour: number;
  /** E-mails triggered from one IP per hour. */
  emailPerIpPerHour: number;
  /** Password/PKCE token requests per IP per 5 minutes. */
  tokenPerIpPer5Min: number;
  /** Refresh-token grants per IP per 5 minutes. */
  refreshPerIpPer5Min: number;
  /** /verify attempts per IP per 5 minutes. */
  verifyPerIpPer5Min: number;
  /** Sign-ups and OTP/recovery requests per IP per 5 minutes. */
  signupPerIpPer5Min: number;
  /** MFA challenges, and MFA verifications, per IP per minute (GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY). */
  mfaPerIpPerMinute: number;
  /**
   * MFA verifications of one factor per minute. GoTrue's rate, counted per factor as well: the
   * stack's per-IP limits are generous for test suites, and a script guessing a 6-digit code is
   * stopped whatever its address.
   */
  mfaVerifyPerFactorPerMinute: number;
}

export interface AuthSettings {
  jwtSecret: string;
  jwtExpirySeconds: number;
  /** `${api}/auth/v1`: JWT issuer and base of every e-mail link. */
  externalUrl: string;
  siteUrl: string;
  additionalRedirectUrls: string[];
  enableConfirmations: boolean;
  senderAddress: string;
  senderName: string;
  smtpHost: string;
  smtpPort: number;
  /** How long an e-mailed link or OTP is valid (GoTrue's MAILER_OTP_EXP). */
  otpExpirySeconds: number;
  otpLength: number;
  /** Minimum time between two mails of one kind to one user (GoTrue's SMTP_MAX_FREQUENCY). */
  emailMaxFrequencySeconds: number;
  /** A revoked refresh token may be reused within this window (GoTrue's REFRESH_TOKEN_REUSE_INTERVAL). */
  refreshTokenReuseIntervalSeconds: number;
  /** PKCE flow states expire after this (GoTrue's FLOW_STATE_EXPIRY_DURATION). */
  flowStateExpirySeconds: number;
  minimumPasswordLength: number;
  /** Signed-in users may link and unlink identities (GoTrue's SECURITY_MANUAL_LINKING_ENABLED; config.toml's enable_manual_linking). */
  manualLinkingEnabled: boolean;
  /** A password change needs the /reauthenticate code unless the session is under 24 h old (config.toml's secure_password_change). */
  securePasswordChange: boolean;
  rateLimits: RateLimits;
}

export type AuthSettingsOverrides = Partial<Omit<AuthSettings, 'rateLimits'>> & { rateLimits?: Partial<RateLimits> };

export function loadSettings(overrides: AuthSettingsOverrides = {}): AuthSettings {
  const toml = tomlAuth();
  const base: AuthSettings = {
    jwtSecret: keys.jwtSecret,
    jwtExpirySeconds: auth.jwtExpirySeconds,
    externalUrl: `${urls.api.replace(/\/+$/, '')}/auth/v1`,
    siteUrl: urls.site,
    additionalRedirectUrls: auth.additionalRedirectUrls,
    enableConfirmations: auth.enableConfirmations,
    senderAddress: auth.senderAddress,
    senderName: auth.senderName,
    smtpHost: env.AUTH_SMTP_HOST ?? '127.0.0.1',
    smtpPort: ports.smtp,
    otpExpirySeconds: num(env.AUTH_OTP_EXPIRY, toml.email?.otp_expiry ?? 3600),
    otpLength: 6,
    emailMaxFrequencySeconds: num(env.AUTH_EMAIL_MAX_FREQUENCY, 1),
    refreshTokenReuseIntervalSeconds: num(env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL, toml.refresh_token_reuse_interval ?? 10),
    flowStateExpirySeconds: num(env.AUTH_FLOW_STATE_EXPIRY, 300),
    minimumPasswordLength: num(env.AUTH_MINIMUM_PASSWORD_LENGTH, toml.minimum_password_length ?? 6),
    manualLinkingEnabled: flag(env.GOTRUE_SECURITY_MANUAL_LINKING_ENABLED, toml.enable_manual_linking ?? true),
    securePasswordChange: flag(env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION, toml.email?.secure_password_change ?? false),
    rateLimits: {
      emailPerAddressPerHour: num(env.AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS, 30),
      emailPerIpPerHour: num(env.AUTH_RATE_LIMIT_EMAIL_PER_IP, 10_000),
      tokenPerIpPer5Min: num(env.AUTH_RATE_LIMIT_TOKEN, 10_000),
      refreshPerIpPer5Min: num(env.AUTH_RATE_LIMIT_TOKEN_REFRESH, 10_000),
      verifyPerIpPer5Min: num(env.AUTH_RATE_LIMIT_VERIFY, 10_000),
      signupPerIpPer5Min: num(env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS, 10_000),
      mfaPerIpPerMinute: num(env.GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 10_000),
      mfaVerifyPerFactorPerMinute: num(env.AUTH_RATE_LIMIT_MFA_VERIFY_PER_FACTOR, 15),
    },
  };
  return { ...base, ...overrides, rateLimits: { ...base.rateLimits, ...overrides.rateLimits } };
}
