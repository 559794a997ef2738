import { uploadForm } from '@liveedu/upload';

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
  signal?: AbortSignal;
}): Promise<SavedCourse> {
  const form = new FormData();
  if (options.image) form.append('image', options.image);
  form.append('Data', JSON.stringify(options.data));
  const path = options.courseId
    ? `api/v1/update-course/${encodeURIComponent(options.courseId)}`
    : 'api/v1/create-course';
  const answer = await uploadForm<Partial<SavedCourse> | null>(`${options.baseUrl}${path}`, form, {
    method: options.courseId ? 'PUT' : 'POST',
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return { message: answer?.message ?? '', _id: answer?._id ?? options.courseId ?? '' };
}
