// Meta's signed_request, as its deauthorize and data-deletion callbacks POST it (form-encoded):
// `<signature>.<payload>`, both base64url; the signature is HMAC-SHA256 of the payload's base64url
// text under the app secret, and the payload is JSON with algorithm 'HMAC-SHA256' and user_id.
// Dependency-free (Web Crypto), so the tests sign requests with the same rule.

const encoder = new TextEncoder();

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const hmacKey = (secret: string, usage: 'sign' | 'verify') => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

/** A signed_request for this payload, as Meta makes one (for tests and the local sandbox). */
export async function signRequest(payload: Record<string, unknown>, secret: string): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(body)));
  return `${toBase64Url(signature)}.${body}`;
}

/**
 * The Instagram user id a signed_request names, or null when it is not one: malformed, signed
 * with another secret (compared in constant time by Web Crypto), another algorithm, or no user_id.
 */
export async function instagramUserOf(signedRequest: unknown, secret: string): Promise<string | null> {
  if (typeof signedRequest !== 'string' || signedRequest.length > 8192) return null;
  const [encodedSignature, body, extra] = signedRequest.split('.');
  if (!encodedSignature || !body || extra !== undefined) return null;
  const signature = fromBase64Url(encodedSignature);
  const payloadBytes = fromBase64Url(body);
  if (!signature || !payloadBytes) return null;
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, encoder.encode(body)))) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(payloadBytes));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { algorithm, user_id: userId } = payload as { algorithm?: unknown; user_id?: unknown };
  if (typeof algorithm !== 'string' || algorithm.toUpperCase() !== 'HMAC-SHA256') return null;
  const id = typeof userId === 'number' && Number.isSafeInteger(userId) ? String(userId) : userId;
  return typeof id === 'string' && /^[0-9]{1,32}$/.test(id) ? id : null;
}

/** The signed_request field of a callback's body (form-encoded as Meta sends it, or JSON). */
export async function signedRequestOf(req: Request): Promise<string | null> {
  const text = await req.text().catch(() => '');
  if (text.length > 16_384) return null;
  if ((req.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      const body: unknown = JSON.parse(text);
      const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).signed_request : null;
      return typeof value === 'string' ? value : null;
    } catch {
      return null;
    }
  }
  return new URLSearchParams(text).get('signed_request');
}
