// The act's Instagram link: the handle on its public page, finishing a link through the
// instagram-link function (which proves the account with the app secret), and unlinking it.
import { functionErrorMessage } from '@podium/shared/function-error';
import { instagramMessages, instagramRedirectUri, type InstagramVerdict } from '@podium/shared/instagram-link';
import { portalClient } from '../app/client.ts';

export const handleKey = (actId: string) => ['instagram-link', actId] as const;

export async function fetchHandle(actId: string): Promise<string | null> {
  const supabase = await portalClient();
  const { data, error } = await supabase.from('artists').select('instagram_handle').eq('id', actId).single();
  if (error) throw new Error(error.message);
  return data.instagram_handle;
}

/** Finishes the link for an answer from Instagram; any answer but a code of this tab's link fails with its Dutch message. */
export async function finishLink(verdict: InstagramVerdict): Promise<string> {
  const supabase = await portalClient();
  if (verdict.kind !== 'exchange') throw new Error(verdict.kind === 'none' ? instagramMessages.failed : instagramMessages[verdict.kind]);
  const code = verdict.code;
  const { data, error } = await supabase.functions.invoke<{ handle?: string }>('instagram-link', {
    body: { code, redirectUri: instagramRedirectUri(window.location.origin) },
  });
  if (data?.handle) return data.handle;
  throw new Error((await functionErrorMessage(error)) ?? instagramMessages.failed);
}

export async function unlinkInstagram(): Promise<void> {
  const supabase = await portalClient();
  const { error } = await supabase.rpc('unlink_artist_instagram');
  if (error) throw error;
}
