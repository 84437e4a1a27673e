// Sends a contact or quote request to the contact-request edge function and turns its answer
// into what the form shows: success, or Dutch messages (per field when the server names them).
import { contactRequestMessages, type ContactRequestField, type ContactRequestForm } from '../../../supabase/functions/_shared/contact-request.ts';
import { loadBackend } from '../app/services.ts';

export type SendResult = { ok: true } | { ok: false; message: string; fields: Partial<Record<ContactRequestField, string>> };

export async function sendContactRequest(form: ContactRequestForm & { website: string }): Promise<SendResult> {
  try {
    const { supabase } = await loadBackend();
    const { error } = await supabase.functions.invoke('contact-request', { body: form });
    if (!error) return { ok: true };
    const response = (error as { context?: unknown }).context;
    if (response instanceof Response) {
      const body = (await response.json().catch(() => null)) as { error?: string; fields?: Partial<Record<ContactRequestField, string>> } | null;
      if (body?.error) return { ok: false, message: body.error, fields: body.fields ?? {} };
    }
  } catch {
    // Offline or the backend failed to load: the generic message below.
  }
  return { ok: false, message: contactRequestMessages.failed, fields: {} };
}
