// Pure unit tests: JWTs, the redirect allow-list, PKCE, the rate limiter, the mail templates and the password hash's cost.
import { describe, expect, it } from 'vitest';
import { JWTError, signJWT, verifyJWT } from './jwt.ts';
import { renderMail, actionLink } from './mail.ts';
import { checkCodeVerifier, s256, validatePKCEParams } from './pkce.ts';
import { RateLimiter } from './ratelimit.ts';
import { globToRegExp, isRedirectURLValid, resolveRedirect } from './redirect.ts';
import { AuthError } from './http.ts';
import { tokenHash } from './store.ts';
import bcrypt from 'bcrypt';
import { bcryptCost } from './routes-account.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('jwt', () => {
  it('round-trips HS256 tokens and checks expiry', () => {
    const token = signJWT({ sub: 'abc', role: 'authenticated', exp: 2_000 }, SECRET);
    expect(verifyJWT(token, SECRET, 1_000)).toMatchObject({ sub: 'abc', role: 'authenticated' });
    expect(() => verifyJWT(token, SECRET, 2_000)).toThrow('token has invalid claims: token is expired');
  });

  it('verifies the Supabase CLI demo keys with the demo secret', () => {
    const anon = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
    expect(verifyJWT(anon, SECRET).role).toBe('anon');
  });

  it('rejects bad signatures, alg none, other algorithms and garbage', () => {
    const forged = signJWT({ sub: 'x' }, 'another-secret');
    expect(() => verifyJWT(forged, SECRET)).toThrow('token signature is invalid');
    const body = Buffer.from(JSON.stringify({ sub: 'x', role: 'service_role' })).toString('base64url');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    expect(() => verifyJWT(none, SECRET)).toThrow('signing method none is invalid');
    const hs512 = `${Buffer.from('{"alg":"HS512"}').toString('base64url')}.${body}.abc`;
    expect(() => verifyJWT(hs512, SECRET)).toThrow(JWTError);
    expect(() => verifyJWT('a.b', SECRET)).toThrow('token contains an invalid number of segments');
    expect(() => verifyJWT('!!.??.**', SECRET)).toThrow(JWTError);
  });
});

describe('redirect allow-list', () => {
  const config = {
    siteUrl: 'http://127.0.0.1:3000',
    additionalRedirectUrls: ['http://localhost:3000/**', 'https://*.podium.nl/auth/*', 'nl.podium.app://callback'],
  };

  it('accepts the site origin, loopback ports and allow-list matches', () => {
    expect(isRedirectURLValid(config, 'http://127.0.0.1:3000/auth/callback')).toBe(true);
    expect(isRedirectURLValid(config, 'http://127.0.0.1:5173/x')).toBe(true);
    expect(isRedirectURLValid(config, 'http://localhost:3000/deep/path?q=1')).toBe(true);
    expect(isRedirectURLValid(config, 'https://www.podium.nl/auth/callback')).toBe(true);
    expect(isRedirectURLValid(config, 'nl.podium.app://callback')).toBe(true);
  });

  it('refuses other hosts, deeper paths for single stars, and odd hostnames', () => {
    expect(isRedirectURLValid(config, 'https://evil.example.com/')).toBe(false);
    expect(isRedirectURLValid(config, 'https://www.podium.nl/auth/a/b')).toBe(false);
    expect(isRedirectURLValid(config, 'https://a.b.podium.nl/auth/x')).toBe(false);
    expect(isRedirectURLValid(config, 'http://localhost:4000/')).toBe(false);
    expect(isRedirectURLValid(config, 'http://10.0.0.1:3000/')).toBe(false);
    expect(isRedirectURLValid(config, 'http://2130706433/')).toBe(false);
    expect(isRedirectURLValid(config, 'not a url')).toBe(false);
    expect(isRedirectURLValid(config, '')).toBe(false);
  });

  it('falls back to the Referer, then the site URL', () => {
    expect(resolveRedirect(config, 'https://evil.example.com/', 'http://localhost:3000/from')).toBe('http://localhost:3000/from');
    expect(resolveRedirect(config, 'https://evil.example.com/')).toBe('http://127.0.0.1:3000');
    expect(resolveRedirect(config, undefined)).toBe('http://127.0.0.1:3000');
  });

  it('compiles globs with separators', () => {
    expect(globToRegExp('http://a.com/*').test('http://a.com/x')).toBe(true);
    expect(globToRegExp('http://a.com/*').test('http://a.com/x/y')).toBe(false);
    expect(globToRegExp('http://a.com/**').test('http://a.com/x/y')).toBe(true);
    expect(globToRegExp('http://{a,b}.com').test('http://b.com')).toBe(true);
  });
});

describe('pkce', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('computes and checks S256 and plain (RFC 7636 appendix B)', () => {
    expect(s256(verifier)).toBe(challenge);
    expect(checkCodeVerifier(challenge, 's256', verifier)).toBeUndefined();
    expect(checkCodeVerifier(challenge, 'S256', 'wrong')).toBe('code challenge does not match previously saved code verifier');
    expect(checkCodeVerifier(verifier, 'plain', verifier)).toBeUndefined();
    expect(checkCodeVerifier(verifier, 'md5', verifier)).toBe('code challenge method not supported');
  });

  it('validates the parameters like GoTrue', () => {
    expect(validatePKCEParams('', '')).toBeUndefined();
    expect(validatePKCEParams('S256', challenge)).toBe('s256');
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as AuthError).message;
      }
      return 'no error';
    };
    expect(codeOf(() => validatePKCEParams('s256', ''))).toBe('PKCE flow requires code_challenge_method and code_challenge');
    expect(codeOf(() => validatePKCEParams('s256', 'short'))).toBe('code challenge has to be between 43 and 128 characters');
    expect(codeOf(() => validatePKCEParams('s256', `${challenge}!`))).toMatch(/can only contain/);
    expect(codeOf(() => validatePKCEParams('sha1', challenge))).toBe('Invalid code_challenge_method');
  });
});

describe('rate limiter', () => {
  it('counts per key within a window and resets after it', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 1000, () => now);
    expect(limiter.allow('a')).toBe(true);
    expect(limiter.allow('a')).toBe(true);
    expect(limiter.allow('a')).toBe(false);
    expect(limiter.allow('b')).toBe(true);
    expect(limiter.peek('a')).toBe(false);
    now = 1000;
    expect(limiter.peek('a')).toBe(true);
    expect(limiter.allow('a')).toBe(true);
  });
});

describe('mail', () => {
  it('renders Dutch, Podium-branded mails with the link and code, escaping HTML', () => {
    const link = actionLink('http://127.0.0.1:54321/auth/v1', 'abc', 'recovery', 'http://127.0.0.1:3000/auth/reset-password');
    expect(link).toBe('http://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery&redirect_to=http%3A%2F%2F127.0.0.1%3A3000%2Fauth%2Freset-password');
    const mail = renderMail({ kind: 'recovery', to: 'a@b.nl', link, otp: '123456' });
    expect(mail.subject).toBe('Wachtwoord opnieuw instellen');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('PODIUM');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    const change = renderMail({ kind: 'email_change', to: 'x@y.nl', link, otp: '1', newEmail: '<b>@y.nl' });
    expect(change.html).not.toContain('<b>@y.nl');
    for (const kind of ['signup', 'magiclink', 'invite'] as const) {
      expect(renderMail({ kind, to: 'a@b.nl', link, otp: '1' }).subject).toMatch(/Podium|uitgenodigd|inloglink/i);
    }
  });

  it('hashes tokens like GoTrue (hex SHA-224 of address + OTP)', () => {
    expect(tokenHash('a@b.nl', '123456')).toMatch(/^[0-9a-f]{56}$/);
  });
});

describe('password hash cost', () => {
  it("is GoTrue's 10 unless set, and refuses one bcrypt does not take", () => {
    expect(bcryptCost(undefined)).toBe(10);
    expect(bcryptCost('')).toBe(10);
    expect(bcryptCost('4')).toBe(4);
    for (const wrong of ['3', '32', '4.5', 'laag']) expect(() => bcryptCost(wrong)).toThrow(/whole number from 4 to 31/);
  });

  it('a cheaper hash is the same kind: it checks the password and refuses another', async () => {
    const hash = await bcrypt.hash('correct horse', bcryptCost('4'));
    expect(hash).toMatch(/^\$2[ab]\$04\$/);
    expect(await bcrypt.compare('correct horse', hash)).toBe(true);
    expect(await bcrypt.compare('wrong horse', hash)).toBe(false);
  });
});
