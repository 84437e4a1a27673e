// TOTP as GoTrue computes it (pquerna/otp: SHA1, 6 digits, 30 s steps): the local auth server
// checks codes and writes otpauth:// URIs with it, and the tests, the e2e fixtures and
// /test-booking-flow compute the code an admin's authenticator app would show now.
import * as OTPAuth from 'otpauth';

const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** The TOTP of a base32 secret (spaces allowed, as apps show it in groups of four). */
export function totpFor(secret: string, issuer = '', label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ ...TOTP_OPTIONS, issuer, label, secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')) });
}

/** The code an authenticator app shows for the secret at that moment (now by default). */
export const totpCode = (secret: string, timestamp = Date.now()): string => totpFor(secret).generate({ timestamp });
