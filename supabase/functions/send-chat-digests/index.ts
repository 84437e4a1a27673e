// POST /functions/v1/send-chat-digests with the service key (every 5 minutes: pg_cron + pg_net on
// hosted Supabase, the stack's scheduler locally): mails everyone who has not read a message
// within 15 minutes one summary of what waits (claim_chat_digests marks those messages in the
// same statement, so two runs never mail twice); a mail that fails is released for the next run.
// Answers { sent, failed }.
import { bearerToken, json, objectBody, verifiedClaims } from '../_shared/http.ts';
import { createMailer } from '../_shared/mailer.ts';
import { serviceClient, siteUrl } from '../_shared/supabase.ts';
import { digestMail, type DigestConversation } from './messages.ts';

interface Claimed {
  recipient_id: string;
  email: string | null;
  first_name: string | null;
  message_ids: string[];
  conversations: DigestConversation[];
}

const batchSize = 50;

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  if (!token || verifiedClaims(token)?.role !== 'service_role') return json(403, { error: 'Alleen de server mag deze e-mails versturen.' });
  const body = (await objectBody(req)) as { unreadForSeconds?: unknown };
  // Tests ask for a shorter wait than the product's 15 minutes.
  const unreadFor = typeof body.unreadForSeconds === 'number' && body.unreadForSeconds >= 0 ? `${Math.floor(body.unreadForSeconds)} seconds` : '15 minutes';

  const service = serviceClient();
  const { data, error } = await service.rpc('claim_chat_digests', { batch_size: batchSize, unread_for: unreadFor });
  if (error) {
    console.error('claim_chat_digests failed', error.code, error.message);
    return json(500, { error: 'De berichten konden niet worden opgehaald.' });
  }
  const mailer = createMailer();
  let sent = 0;
  let failed = 0;
  for (const digest of (data ?? []) as Claimed[]) {
    try {
      if (!digest.email) throw new Error('Geen e-mailadres bekend.');
      await mailer.send({ to: digest.email, ...digestMail(digest.first_name, digest.conversations, siteUrl()) });
      sent += 1;
    } catch (sendError) {
      failed += 1;
      console.error(`chat digest for ${digest.recipient_id} failed`, sendError instanceof Error ? sendError.message : sendError);
      const { error: releaseError } = await service.rpc('release_chat_digest', { message_ids: digest.message_ids });
      if (releaseError) console.error('release_chat_digest failed', releaseError.message);
    }
  }
  return json(200, { sent, failed });
});
