// supabase-js answers with { data, error }; react-query wants a value or a throw, so it can retry
// and show the error state.

/** A supabase-js answer's data, or its error thrown. */
export function unwrap<T>({ data, error }: { data: T | null; error: unknown }): T {
  if (error) throw error;
  return data as T;
}
