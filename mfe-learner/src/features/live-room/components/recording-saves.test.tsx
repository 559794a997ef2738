import type { CourseForUpdate, LiveSession } from '@liveedu/api-client';
import {
  type ApiRequest,
  answer,
  createTestStore,
  json,
  liveSession,
  renderWithProviders,
  requests,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { recordingLectureTitle } from '../api/recording-lecture.ts';
import { useRecordingSaves } from '../hooks/use-recording-saves.ts';
import { RecordingSaves } from './recording-saves.tsx';

const VIDEO_ID = '6750a1b2c3d4e5f6a7b8c9d0';
const RECORDED_AT = new Date('2026-12-01T10:05:00.000Z');

const SESSION = liveSession(new Date('2026-12-01T10:00:00.000Z'), { state: 'live' });

type Item = CourseForUpdate['courseContent'][number][number];
const lesson = (id: string, sectionTitle: string, extra: Partial<Item> = {}): Item => ({
  _id: id,
  kind: 'video',
  sectionTitle,
  videoTitle: `Lesson ${id}`,
  videoDesc: 'What it covers',
  videoLink: `https://videos.example.com/${id}`,
  ...extra,
});

function course(content: Item[][]): CourseForUpdate {
  return {
    _id: 'c1',
    title: 'Algorithms',
    desc: 'Sorting, searching and graphs',
    thumbnail: '/files/thumbnails/c1.webp',
    price: 499,
    category: 'Computer Science',
    difficulity: 'beginner',
    benefits: 'Think in algorithms',
    prerequistes: 'Some programming',
    enrolledCount: 2,
    studentsEnrolled: [],
    reviews: [],
    ratingAverage: 0,
    ratingCount: 0,
    courseCreatedBy: { _id: 't1', username: 'meera' },
    createdAt: '2026-10-01T00:00:00.000Z',
    sequential: false,
    courseContent: content,
  };
}

/**
 * The platform as the recording meets it: the media service (start an upload, sign a part, complete
 * it), storage, the catalog (the course for the edit form, and its update, which gives new items
 * their ids) and the live service. `failures` says which calls fail, and how many times.
 */
function platform(failures: { startUpload?: number; updateCourse?: number; startsAt?: number }) {
  const failing = { startUpload: 0, updateCourse: 0, ...failures };
  let content: Item[][] = [
    [lesson('i1', 'Basics')],
    [lesson('i2', 'Graphs', { kind: 'article', body: '# BFS', videoLink: '' })],
  ];
  answer(async (request: ApiRequest) => {
    const { method, path } = request;
    if (method === 'POST' && path === '/api/v1/videos') {
      if (failing.startUpload > 0) {
        failing.startUpload -= 1;
        return json({ message: 'Storage is not available right now' }, 503);
      }
      return json({ videoId: VIDEO_ID, uploadId: 'upload-1', partSize: 5 * 1024 * 1024 }, 201);
    }
    if (method === 'GET' && path === `/api/v1/videos/${VIDEO_ID}/parts/1/url`) {
      return json({ url: `${window.location.origin}/storage/uploads/${VIDEO_ID}?partNumber=1` });
    }
    if (method === 'PUT' && path.startsWith(`/storage/uploads/${VIDEO_ID}`)) {
      // Lower-case, as browsers report response headers to scripts.
      return new Response(null, { status: 200, headers: { etag: '"etag-1"' } });
    }
    if (method === 'POST' && path === `/api/v1/videos/${VIDEO_ID}/complete`)
      return json({ message: 'Uploaded' });
    if (method === 'GET' && path === '/api/v1/get-course-details-to-updateByTutor/c1')
      return json(course(content));
    if (method === 'PUT' && path === '/api/v1/update-course/c1') {
      if (failing.updateCourse > 0) {
        failing.updateCourse -= 1;
        return json({ message: 'The catalog is busy; try again' }, 503);
      }
      // The catalog stores the form's content, giving new items their ids.
      const data = JSON.parse(String((request.body as FormData).get('Data'))) as {
        courseContent: (Partial<Item> & Pick<Item, 'sectionTitle' | 'videoTitle' | 'videoDesc'>)[][];
      };
      content = data.courseContent.map((section, s) =>
        section.map((item, i) => ({
          ...item,
          kind: item.kind ?? 'video',
          videoLink: item.videoLink ?? '',
          _id: item._id ?? `new-${s}-${i}`,
        })),
      );
      return json({ message: 'Course updated', _id: 'c1' });
    }
    if (method === 'PUT' && path === '/api/v1/live-sessions/s1/recording') {
      if (Date.now() < (failures.startsAt ?? 0))
        return json({ message: 'This live class has not started yet' }, 409);
      return json({ session: { ...SESSION, recording: request.body } });
    }
    return unexpected({ method, path });
  });
}

/** The host's page part that saves recordings, given one recording just finished. */
function Saving({ blob, session = SESSION }: { blob: Blob; session?: LiveSession }) {
  const { saves, save, retry } = useRecordingSaves(session);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the one recording, once
  useEffect(() => save({ blob, startedAt: RECORDED_AT }), []);
  return <RecordingSaves saves={saves} startsAt={session.startsAt} onRetry={retry} />;
}

const recording = () => new Blob([new Uint8Array(64 * 1024).fill(7)], { type: 'video/webm;codecs=vp8,opus' });
const tutor = () => createTestStore({ userId: 't1', role: 'tutor', token: 't1' });
const sent = (method: string, path: string) =>
  requests().filter((r) => r.method === method && r.path === path);

describe('saving a class’s recording', () => {
  it('keeps a recording whose upload failed, and saves it as a Live sessions lecture on Retry upload', async () => {
    platform({ startUpload: 1 });
    renderWithProviders(<Saving blob={recording()} />, tutor());
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('could not be saved: Storage is not available right now');
    expect(screen.getByRole('button', { name: 'Download recording' })).toBeTruthy();
    expect(sent('PUT', '/api/v1/live-sessions/s1/recording')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    expect((await screen.findByText(/is saved as a lecture of “Live sessions”/)).textContent).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry upload' })).toBeNull();

    // The file went to storage as a plain WebM video.
    expect(sent('POST', '/api/v1/videos').at(-1)?.body).toEqual({
      filename: 'Graphs-live-recording.webm',
      contentType: 'video/webm',
      size: 64 * 1024,
    });
    // The course kept everything it had, and got the lecture in a new "Live sessions" section.
    const update = sent('PUT', '/api/v1/update-course/c1')[0]?.body as FormData;
    const data = JSON.parse(String(update.get('Data')));
    expect(update.get('image')).toBeNull();
    expect(data).toMatchObject({
      title: 'Algorithms',
      price: 499,
      category: 'Computer Science',
      sequential: false,
    });
    expect(data.courseContent).toEqual([
      [
        {
          _id: 'i1',
          sectionTitle: 'Basics',
          videoTitle: 'Lesson i1',
          videoDesc: 'What it covers',
          videoLink: 'https://videos.example.com/i1',
        },
      ],
      [
        {
          _id: 'i2',
          kind: 'article',
          sectionTitle: 'Graphs',
          videoTitle: 'Lesson i2',
          videoDesc: 'What it covers',
          body: '# BFS',
        },
      ],
      [
        {
          sectionTitle: 'Live sessions',
          videoTitle: recordingLectureTitle(SESSION, RECORDED_AT),
          videoDesc: 'The recording of the live class “Graphs, live”.',
          videoLink: '',
          videoId: VIDEO_ID,
        },
      ],
    ]);
    expect(recordingLectureTitle(SESSION, RECORDED_AT)).toBe('Graphs, live (recorded 1 Dec 2026)');
    // The class names the lecture made from its recording.
    expect(sent('PUT', '/api/v1/live-sessions/s1/recording').map((r) => r.body)).toEqual([
      { videoId: VIDEO_ID, itemId: 'new-2-0' },
    ]);
  });

  it('after a failure past the upload, a retry does not upload the recording again', async () => {
    platform({ updateCourse: 1 });
    renderWithProviders(<Saving blob={recording()} />, tutor());
    expect((await screen.findByRole('alert')).textContent).toContain('The catalog is busy; try again');
    fireEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    await screen.findByText(/is saved as a lecture of “Live sessions”/);
    expect(sent('POST', '/api/v1/videos')).toHaveLength(1);
    expect(sent('PUT', '/api/v1/update-course/c1')).toHaveLength(2);
    expect(sent('PUT', '/api/v1/live-sessions/s1/recording').map((r) => r.body)).toEqual([
      { videoId: VIDEO_ID, itemId: 'new-2-0' },
    ]);
  });

  it('names a recording made before the class started as its recording once it starts', async () => {
    const startsAt = Date.now() + 1_500;
    platform({ startsAt });
    const early = { ...SESSION, state: 'open' as const, startsAt: new Date(startsAt).toISOString() };
    renderWithProviders(<Saving blob={recording()} session={early} />, tutor());
    expect(
      (await screen.findByText(/becomes this class’s recording when the class starts/)).textContent,
    ).toContain('Keep this page open until then.');
    await screen.findByText(/is saved as a lecture of “Live sessions”/, undefined, { timeout: 8_000 });
    const named = sent('PUT', '/api/v1/live-sessions/s1/recording');
    expect(named.map((r) => r.body)).toEqual([
      { videoId: VIDEO_ID, itemId: 'new-2-0' },
      { videoId: VIDEO_ID, itemId: 'new-2-0' },
    ]);
    expect(screen.queryByRole('button', { name: 'Retry upload' })).toBeNull();
  });
});
