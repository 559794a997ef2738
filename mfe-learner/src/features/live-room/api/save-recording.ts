import { type ApiClient, ApiError, type LiveRoomClient, type LiveSession } from '@liveedu/api-client';
import type { startVideoUpload } from '@liveedu/video';
import { courseWithRecording, itemPlaying, recordingLectureTitle } from './recording-lecture.ts';

/** How far saving a recording got: a step done is not done again when it is retried. */
export interface SaveProgress {
  videoId?: string;
  itemId?: string;
}

export interface SaveRecordingCalls {
  api: Pick<
    ApiClient,
    | 'createVideo'
    | 'videoPartUrl'
    | 'videoParts'
    | 'completeVideo'
    | 'deleteVideo'
    | 'courseDetailsForUpdate'
    | 'updateCourse'
  >;
  room: Pick<LiveRoomClient, 'setRecording'>;
  upload: typeof startVideoUpload;
  /** Waits `ms` (a test's clock may pass it at once). */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Saves a class's recording: uploads it as the tutor's video (the course editor's resumable
 * upload), adds it as a lecture of the course's "Live sessions" section, and names that lecture the
 * class's recording (at its start, for a recording made in the minutes before). `progress` says what
 * an earlier attempt already did; `onStep` is told each step done, and `onUpload` how much of the
 * file storage holds.
 */
export async function saveRecording(
  calls: SaveRecordingCalls,
  job: {
    session: Pick<LiveSession, '_id' | 'courseId' | 'title' | 'description' | 'startsAt'>;
    file: File;
    recordedAt: Date;
    progress: SaveProgress;
    onUpload: (percent: number) => void;
    onStep: (progress: SaveProgress) => void;
    /** The class has not started: the recording is named its recording at its start. */
    onWaitForStart?: (startsAt: string) => void;
  },
): Promise<Required<SaveProgress>> {
  const { session } = job;
  let { videoId, itemId } = job.progress;
  if (!videoId) {
    const upload = calls.upload(calls.api, job.file, {
      onProgress: ({ bytesUploaded, bytesTotal }) =>
        job.onUpload(bytesTotal > 0 ? Math.min(100, Math.floor((100 * bytesUploaded) / bytesTotal)) : 0),
    });
    videoId = (await upload.done).videoId;
    job.onStep({ videoId });
  }
  if (!itemId) {
    const course = await calls.api.courseDetailsForUpdate(session.courseId);
    itemId = itemPlaying(course, videoId)?._id;
    if (!itemId) {
      const title = recordingLectureTitle(session, job.recordedAt);
      await calls.api.updateCourse(
        session.courseId,
        courseWithRecording(course, { videoId, title, session }),
        null,
      );
      itemId = itemPlaying(await calls.api.courseDetailsForUpdate(session.courseId), videoId)?._id;
      if (!itemId) throw new Error('The course did not keep the recording’s lecture');
    }
    job.onStep({ videoId, itemId });
  }
  const named = { videoId, itemId };
  try {
    await calls.room.setRecording(session._id, named);
  } catch (error) {
    // Recorded in the ten minutes before the start: the live service takes it once the class has started.
    const untilStart = Date.parse(session.startsAt) - Date.now();
    if (!(error instanceof ApiError && error.status === 409 && untilStart > 0)) throw error;
    job.onWaitForStart?.(session.startsAt);
    await (calls.sleep ?? sleepFor)(untilStart + 1_000);
    await calls.room.setRecording(session._id, named);
  }
  return named;
}
