import { ApiError, readCredentials, type StoredCredentials } from '@liveedu/api-client';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called with 0 to 100 as the body leaves the browser. */
  onProgress?: (percent: number) => void;
  /** Aborting it cancels the upload; the promise then rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Who is asking; defaults to the session kept in localStorage. `null` sends no credentials. */
  credentials?: StoredCredentials | null;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Sends a multipart form with the session's credentials and reports upload progress, which
 * fetch cannot do. Resolves with the parsed JSON answer; rejects with an `ApiError` carrying the
 * server's `{message}` (status 0 when no answer came), or an `AbortError` when cancelled.
 */
export function uploadForm<T = unknown>(
  url: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const credentials = options.credentials === undefined ? readCredentials() : options.credentials;
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (options.signal?.aborted) return reject(cancelled());
    const xhr = new XMLHttpRequest();
    // Settles once: a cancel rejects at once, whatever the request reports after it.
    const cancel = () => {
      xhr.abort();
      settle(() => reject(cancelled()));
    };
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', cancel);
      finish();
    };
    xhr.open(options.method ?? 'POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (credentials) {
      xhr.setRequestHeader('authorization', `Bearer ${credentials.token}`);
      xhr.setRequestHeader('id', credentials.id);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    options.signal?.addEventListener('abort', cancel, { once: true });
    xhr.onabort = () => settle(() => reject(cancelled()));
    xhr.onerror = () => settle(() => reject(new ApiError('The server could not be reached.', 0)));
    xhr.onload = () =>
      settle(() => {
        const data = parse(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
        const message = (data as { message?: unknown } | null)?.message;
        reject(
          new ApiError(typeof message === 'string' ? message : `Upload failed (${xhr.status})`, xhr.status),
        );
      });
    xhr.send(form);
  });
}
