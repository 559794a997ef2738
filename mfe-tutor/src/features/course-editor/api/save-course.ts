import { readCredentials } from '@liveedu/api-client';
import { uploadWithProgress } from '@liveedu/ui';

export interface SavedCourse {
  message: string;
  _id: string;
}

/**
 * Sends the course as the server wants it (multipart: `image`, optional on update, and `Data`),
 * reporting upload progress, which the fetch-based client cannot do.
 */
export async function saveCourse(options: {
  baseUrl: string;
  courseId?: string;
  data: unknown;
  image: File | null;
  onProgress: (percent: number) => void;
}): Promise<SavedCourse> {
  const form = new FormData();
  if (options.image) form.append('image', options.image);
  form.append('Data', JSON.stringify(options.data));
  const credentials = readCredentials();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials) {
    headers.authorization = `Bearer ${credentials.token}`;
    headers.id = credentials.id;
  }
  const path = options.courseId
    ? `api/v1/update-course/${encodeURIComponent(options.courseId)}`
    : 'api/v1/create-course';
  const answer = (await uploadWithProgress(`${options.baseUrl}${path}`, form, {
    method: options.courseId ? 'PUT' : 'POST',
    headers,
    onProgress: options.onProgress,
  })) as Partial<SavedCourse> | null;
  return { message: answer?.message ?? '', _id: answer?._id ?? options.courseId ?? '' };
}
