import type { ApiClient } from '@liveedu/api-client';
import { uploadForm } from '@liveedu/upload';

/** PUT api/v1/update-avatar with the file under `image`, reporting upload progress (0 to 100). */
export async function uploadAvatar(
  api: ApiClient,
  image: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ message?: string; avatar?: string }> {
  const form = new FormData();
  form.append('image', image);
  const answer = await uploadForm<{ message?: string; avatar?: string } | null>(
    `${api.baseUrl}api/v1/update-avatar`,
    form,
    { method: 'PUT', onProgress, signal },
  );
  return answer ?? {};
}
