// One file to a storage bucket with a progress bar: the storage API's raw upload (POST
// /storage/v1/object/{bucket}/{path}, the request supabase-js makes), sent through XMLHttpRequest
// because fetch cannot report upload progress. Used by the artist portal (act photos) and the
// storefront (profile photo). Failures are Dutch, for people.

export interface StorageUpload {
  supabaseUrl: string;
  anonKey: string;
  /** The signed-in user's access token: the bucket's policies decide with it. */
  accessToken: string;
  bucket: string;
  /** The object's path inside the bucket, e.g. '{userId}/photo.webp'. */
  path: string;
  body: Blob;
  /** Replace an object at the same path instead of refusing it. */
  upsert?: boolean;
  /** 0 to 1 while the bytes go out; 1 once the server has the file. */
  onProgress?: (fraction: number) => void;
}

/** Why an upload failed, in Dutch, from the storage answer's HTTP status. */
export function uploadFailureText(status: number): string {
  if (status === 413) return 'Dit bestand is te groot.';
  if (status === 415 || status === 422) return 'Dit bestandstype is niet toegestaan.';
  if (status === 401 || status === 403) return 'Je sessie is verlopen of je mag hier niet uploaden. Log opnieuw in.';
  if (status === 0) return 'Geen verbinding. Controleer je internet en probeer het opnieuw.';
  return 'Het bestand kon niet worden geüpload. Probeer het opnieuw.';
}

const objectUrl = (supabaseUrl: string, bucket: string, path: string) =>
  `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/${encodeURIComponent(bucket)}/${path.split('/').map(encodeURIComponent).join('/')}`;

export function uploadWithProgress(upload: StorageUpload): { done: Promise<void>; abort: () => void } {
  const request = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    request.open('POST', objectUrl(upload.supabaseUrl, upload.bucket, upload.path));
    request.setRequestHeader('authorization', `Bearer ${upload.accessToken}`);
    request.setRequestHeader('apikey', upload.anonKey);
    request.setRequestHeader('content-type', upload.body.type || 'application/octet-stream');
    request.setRequestHeader('cache-control', 'max-age=3600');
    request.setRequestHeader('x-upsert', upload.upsert ? 'true' : 'false');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) upload.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        upload.onProgress?.(1);
        return resolve();
      }
      reject(new Error(uploadFailureText(request.status)));
    };
    request.onerror = () => reject(new Error(uploadFailureText(0)));
    request.onabort = () => reject(new Error('Upload gestopt.'));
    request.send(upload.body);
  });
  return { done, abort: () => request.abort() };
}
