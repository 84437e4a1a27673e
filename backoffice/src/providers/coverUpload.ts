// Uploads a news cover to the news-covers bucket with progress: supabase-js's upload has no
// progress events, so this is the same storage-api request made with XMLHttpRequest.
import type { SupabaseClient } from '@supabase/supabase-js';

export function createCoverUploader(client: SupabaseClient, url: string, anonKey: string) {
  return async (file: File, path: string, onProgress: (fraction: number) => void): Promise<void> => {
    const { data } = await client.auth.getSession();
    const token = data.session?.access_token ?? anonKey;
    await new Promise<void>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `${url}/storage/v1/object/news-covers/${path}`);
      request.setRequestHeader('authorization', `Bearer ${token}`);
      request.setRequestHeader('apikey', anonKey);
      request.setRequestHeader('content-type', file.type || 'application/octet-stream');
      request.setRequestHeader('x-upsert', 'false');
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        if (request.status >= 200 && request.status < 300) {
          onProgress(1);
          resolve();
        } else {
          let message = 'Uploaden mislukt.';
          try {
            message = (JSON.parse(request.responseText) as { message?: string }).message ?? message;
          } catch {
            // not JSON: keep the generic message
          }
          reject(new Error(message));
        }
      };
      request.onerror = () => reject(new Error('Uploaden mislukt: geen verbinding.'));
      request.send(file);
    });
  };
}

export function coverUrl(supabaseUrl: string, path: string | null | undefined, width = 600): string | undefined {
  if (!path) return undefined;
  return `${supabaseUrl}/storage/v1/render/image/public/news-covers/${path}?width=${width}&height=${Math.round((width * 9) / 16)}&resize=cover&quality=80`;
}
