// A login form's submit: busy while it runs, the failure's (Dutch) message when it fails. On
// success the form stays busy: the next step or page replaces it.
import { useState, type FormEvent } from 'react';

export function useFormSubmit(action: () => Promise<void>, onFailure?: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      onFailure?.();
      setBusy(false);
    }
  }
  return { busy, error, submit };
}
