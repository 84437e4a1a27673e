// A local stand-in for Google's OAuth endpoints, because no real Google is reachable here.
// /sandbox-idp/authorize shows a consent page (pick a test identity or type one); consenting
// redirects to our /callback with a one-time code and the state, exactly like a provider
// would, and the callback exchanges that code here for the profile. Codes live in memory and
// are single use, valid for five minutes.
import { createHash, randomBytes } from 'node:crypto';

export const GOOGLE_USERINFO_ISSUER = 'https://www.googleapis.com/userinfo/v2/me';

export interface SandboxProfile {
  sub: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export const TEST_IDENTITIES: readonly { email: string; name: string }[] = [
  { email: 'sanne.devries@example.com', name: 'Sanne de Vries' },
  { email: 'daan.jansen@example.com', name: 'Daan Jansen' },
  { email: 'fatima.elamrani@example.com', name: 'Fatima El Amrani' },
];

/** A stable Google-style numeric subject for an address (21 digits). */
export function sandboxSubject(email: string): string {
  const digest = createHash('sha256').update(`podium-sandbox-google:${email.toLowerCase()}`).digest();
  let digits = '1';
  for (let i = 0; digits.length < 21; i += 1) digits += String((digest[i % digest.length] as number) % 10);
  return digits;
}

interface PendingCode {
  profile: SandboxProfile;
  redirectUri: string;
  expiresAt: number;
}

export class SandboxIdP {
  private readonly codes = new Map<string, PendingCode>();

  /** Issues the authorization code the consent page hands back to the callback. */
  issueCode(profile: SandboxProfile, redirectUri: string): string {
    this.sweep();
    const code = `sbx_${randomBytes(24).toString('base64url')}`;
    this.codes.set(code, { profile, redirectUri, expiresAt: Date.now() + 5 * 60_000 });
    return code;
  }

  /** Exchanges a code once; undefined when unknown, used or expired. */
  exchange(code: string, redirectUri: string): { profile: SandboxProfile; accessToken: string; refreshToken: string } | undefined {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== redirectUri) return undefined;
    return {
      profile: pending.profile,
      accessToken: `ya29.sandbox-${randomBytes(24).toString('base64url')}`,
      refreshToken: `1//sandbox-${randomBytes(24).toString('base64url')}`,
    };
  }

  private sweep() {
    const now = Date.now();
    for (const [code, pending] of this.codes) if (pending.expiresAt < now) this.codes.delete(code);
  }
}

const escapeHTML = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A small SVG avatar with the person's initials, served as the profile picture. */
export function avatarSVG(name: string): string {
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${hue},55%,45%)"/><text x="48" y="58" font-family="Helvetica,Arial,sans-serif" font-size="34" fill="#fff" text-anchor="middle">${escapeHTML(initials(name))}</text></svg>`;
}

export interface ConsentPageInput {
  state: string;
  redirectUri: string;
  scope: string;
  clientId: string;
  extraParams: Record<string, string>;
  error?: string;
  action: string;
}

export function consentPage(input: ConsentPageInput): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHTML(name)}" value="${escapeHTML(value)}">`;
  const carried = [hidden('state', input.state), hidden('redirect_uri', input.redirectUri), hidden('scope', input.scope), hidden('client_id', input.clientId)].join('');
  const accounts = TEST_IDENTITIES.map(
    (identity) => `
      <form method="post" action="${escapeHTML(input.action)}" class="account">
        ${carried}${hidden('email', identity.email)}${hidden('name', identity.name)}
        <button type="submit" name="decision" value="allow">
          <span class="avatar">${escapeHTML(initials(identity.name))}</span>
          <span><strong>${escapeHTML(identity.name)}</strong><small>${escapeHTML(identity.email)}</small></span>
        </button>
      </form>`,
  ).join('');
  const params = Object.entries(input.extraParams)
    .map(([key, value]) => `<code>${escapeHTML(key)}=${escapeHTML(value)}</code>`)
    .join(' ');
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Inloggen met Google (lokale sandbox)</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f1f3f4; font-family: Roboto, Helvetica, Arial, sans-serif; color: #202124; }
  main { width: 100%; max-width: 440px; background: #fff; border: 1px solid #dadce0; border-radius: 8px; padding: 36px 40px 28px; box-sizing: border-box; }
  .brand { font-size: 22px; font-weight: 500; letter-spacing: -0.5px; }
  .brand span:nth-child(1) { color: #4285f4 } .brand span:nth-child(2) { color: #ea4335 } .brand span:nth-child(3) { color: #fbbc05 }
  .brand span:nth-child(4) { color: #4285f4 } .brand span:nth-child(5) { color: #34a853 } .brand span:nth-child(6) { color: #ea4335 }
  .badge { display: inline-block; margin-left: 8px; padding: 2px 8px; border-radius: 10px; background: #fef7e0; color: #8a6d00; font-size: 12px; vertical-align: middle; }
  h1 { font-size: 22px; font-weight: 400; margin: 18px 0 4px; }
  p.lead { margin: 0 0 20px; color: #5f6368; font-size: 14px; }
  .account button { width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 8px; border: 0; border-bottom: 1px solid #e8eaed; background: none; cursor: pointer; text-align: left; font: inherit; }
  .account button:hover { background: #f8f9fa; }
  .avatar { flex: none; width: 32px; height: 32px; border-radius: 50%; background: #1a73e8; color: #fff; display: flex; align-items: center; justify-content: center; font-size: 13px; }
  .account small { display: block; color: #5f6368; font-size: 12px; }
  fieldset { border: 0; padding: 0; margin: 20px 0 0; }
  legend { font-size: 14px; font-weight: 500; margin-bottom: 8px; }
  label { display: block; font-size: 12px; color: #5f6368; margin-top: 8px; }
  input[type=email], input[type=text] { width: 100%; box-sizing: border-box; padding: 10px 12px; border: 1px solid #dadce0; border-radius: 4px; font: inherit; }
  .actions { display: flex; justify-content: space-between; align-items: center; margin-top: 20px; }
  .primary { background: #1a73e8; color: #fff; border: 0; border-radius: 4px; padding: 10px 24px; font: inherit; cursor: pointer; }
  .secondary { background: none; border: 0; color: #1a73e8; font: inherit; cursor: pointer; padding: 10px 0; }
  .error { background: #fce8e6; color: #c5221f; padding: 8px 12px; border-radius: 4px; font-size: 13px; }
  footer { margin-top: 24px; font-size: 12px; color: #5f6368; line-height: 1.5; }
  code { font-size: 11px; background: #f1f3f4; padding: 1px 4px; border-radius: 3px; }
</style>
</head>
<body>
<main>
  <div class="brand"><span>G</span><span>o</span><span>o</span><span>g</span><span>l</span><span>e</span><span class="badge">lokale sandbox</span></div>
  <h1>Kies een account</h1>
  <p class="lead">om verder te gaan naar <strong>Podium</strong></p>
  ${input.error ? `<p class="error">${escapeHTML(input.error)}</p>` : ''}
  ${accounts}
  <form method="post" action="${escapeHTML(input.action)}">
    ${carried}
    <fieldset>
      <legend>Of gebruik een ander account</legend>
      <label for="email">E-mailadres</label>
      <input id="email" name="email" type="email" required autocomplete="off" placeholder="naam@example.com">
      <label for="name">Naam</label>
      <input id="name" name="name" type="text" autocomplete="off" placeholder="Voornaam Achternaam">
    </fieldset>
    <div class="actions">
      <button class="secondary" type="submit" name="decision" value="deny" formnovalidate>Annuleren</button>
      <button class="primary" type="submit" name="decision" value="allow">Doorgaan</button>
    </div>
  </form>
  <footer>
    Dit is de <strong>lokale Google-sandbox</strong> van de Podium-ontwikkelstack: er wordt geen contact
    gemaakt met Google. Google deelt je naam, e-mailadres en profielfoto met Podium.
    ${params ? `<br>Parameters: ${params}` : ''}
  </footer>
</main>
</body>
</html>`;
}
