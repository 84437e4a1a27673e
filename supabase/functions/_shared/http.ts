// Answers of the functions the apps call from the browser: JSON, with Supabase's CORS headers
// (hosted Supabase leaves CORS to each function).
export const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * A request's JSON object body; {} when it is no JSON or no object (`null`, a number, a list):
 * reading a field of a `null` body crashed the worker, a 500.
 */
export async function objectBody(req: Request): Promise<Record<string, unknown>> {
  const body: unknown = await req.json().catch(() => null);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The bearer token of a request, or null. */
export function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return match ? match[1]! : null;
}

/**
 * The claims of a JWT, without checking its signature: only for functions with verify_jwt on,
 * where the runtime has checked it before the request arrives.
 */
export function verifiedClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
}

/**
 * The booking a job was asked to handle alone ({ "booking_id": … }, e.g. send-notifications,
 * process-refunds, process-payouts): its id, null when none was asked for (the whole queue), or
 * the 400 answer when the value is no booking id.
 */
export function onlyBookingOf(body: Record<string, unknown>): string | null | Response {
  if (body.booking_id === undefined) return null;
  if (typeof body.booking_id === 'string' && /^[0-9a-f-]{36}$/i.test(body.booking_id)) return body.booking_id;
  return json(400, { error: 'booking_id is geen geldige boeking.' });
}
