import { type ApiClient, readCredentials } from '@liveedu/api-client';
import { uploadWithProgress } from '@liveedu/ui';

/** PUT api/v1/update-avatar with the file under `image`, reporting upload progress (0 to 100). */
export async function uploadAvatar(
  api: ApiClient,
  image: File,
  onProgress: (percent: number) => void,
): Promise<{ message?: string; avatar?: string }> {
  const form = new FormData();
  form.append('image', image);
  const credentials = readCredentials();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials) {
    headers.authorization = `Bearer ${credentials.token}`;
    headers.id = credentials.id;
  }
  const answer = await uploadWithProgress(`${api.baseUrl}api/v1/update-avatar`, form, {
    method: 'PUT',
    headers,
    onProgress,
  });
  return (answer ?? {}) as { message?: string; avatar?: string };
}
