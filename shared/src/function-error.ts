// The Dutch `error` an edge function answered with, from the error supabase-js's functions.invoke
// gives back for a non-2xx answer (its `context` is the Response); undefined when there is none.
export async function functionErrorMessage(error: unknown): Promise<string | undefined> {
  const field = (await functionErrorBody(error))?.error;
  return typeof field === 'string' && field ? field : undefined;
}

/** The whole JSON body of such an answer (e.g. delete-account's `reason` beside `error`); undefined when there is none. */
export async function functionErrorBody(error: unknown): Promise<Record<string, unknown> | undefined> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return undefined;
  try {
    const body: unknown = await context.clone().json();
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
