// The Dutch `error` an edge function answered with, from the error supabase-js's functions.invoke
// gives back for a non-2xx answer (its `context` is the Response); undefined when there is none.
export async function functionErrorMessage(error: unknown): Promise<string | undefined> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return undefined;
  try {
    const body: unknown = await context.clone().json();
    const field = (body as { error?: unknown } | null)?.error;
    return typeof field === 'string' && field ? field : undefined;
  } catch {
    return undefined;
  }
}
