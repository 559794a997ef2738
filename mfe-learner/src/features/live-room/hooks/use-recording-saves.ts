import { type LiveSession, messageOf } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { startVideoUpload } from '@liveedu/video';
import { useCallback, useRef, useState } from 'react';
import { saveFile } from '../../../shared/save-file.ts';
import { plainVideoType, recordingFileName } from '../api/recording-format.ts';
import { type SaveProgress, saveRecording } from '../api/save-recording.ts';
import { useLeaveWarning } from './use-leave-warning.ts';
import { useLiveRoomApi } from './use-live-room-api.ts';
import type { Recording } from './use-stage-recorder.ts';

export type SaveStatus = 'uploading' | 'saving' | 'waiting' | 'saved' | 'failed';

/** A recording being saved, saved, or kept here after a failure until it is saved or downloaded. */
export interface RecordingSave {
  key: number;
  file: File;
  recordedAt: Date;
  status: SaveStatus;
  /** How much of the file storage holds, 0–100. */
  percent: number;
  progress: SaveProgress;
  error: string;
}

/**
 * The class's recordings on their way to the course: each is uploaded, made a lecture and named
 * the class's recording; one that fails keeps its file here for "Retry upload" or a download.
 * Saving goes on when the host leaves the room; leaving the page is asked about first.
 */
export function useRecordingSaves(session: LiveSession) {
  const api = useApi();
  const room = useLiveRoomApi();
  const [saves, setSaves] = useState<RecordingSave[]>([]);
  const latest = useRef(saves);
  latest.current = saves;
  const nextKey = useRef(1);

  const update = useCallback((key: number, change: Partial<RecordingSave>) => {
    setSaves((all) => all.map((save) => (save.key === key ? { ...save, ...change } : save)));
  }, []);

  const run = useCallback(
    (save: RecordingSave) => {
      let progress = save.progress;
      update(save.key, { status: progress.videoId ? 'saving' : 'uploading', error: '' });
      saveRecording(
        { api, room, upload: startVideoUpload },
        {
          session,
          file: save.file,
          recordedAt: save.recordedAt,
          progress,
          onUpload: (percent) => update(save.key, { percent }),
          onStep: (step) => {
            progress = { ...progress, ...step };
            update(save.key, { progress, status: 'saving', percent: 100 });
          },
          onWaitForStart: () => update(save.key, { status: 'waiting' }),
        },
      ).then(
        (done) => update(save.key, { status: 'saved', progress: done }),
        (error: unknown) => update(save.key, { status: 'failed', progress, error: messageOf(error) }),
      );
    },
    [api, room, session, update],
  );

  /** Starts saving a recording just finished. */
  const save = useCallback(
    (recording: Recording) => {
      const type = plainVideoType(recording.blob.type);
      const file = new File([recording.blob], recordingFileName(session.title, type), { type });
      const entry: RecordingSave = {
        key: nextKey.current++,
        file,
        recordedAt: recording.startedAt,
        status: 'uploading',
        percent: 0,
        progress: {},
        error: '',
      };
      setSaves((all) => [...all, entry]);
      run(entry);
    },
    [run, session.title],
  );

  /** Tries a failed recording again from the step that failed. */
  const retry = useCallback(
    (key: number) => {
      const entry = latest.current.find((s) => s.key === key);
      if (entry && entry.status === 'failed') run(entry);
    },
    [run],
  );

  // A recording not yet saved is lost with the page: the browser asks before leaving it.
  useLeaveWarning(saves.some((s) => s.status !== 'saved'));

  return { saves, save, retry };
}

/** Saves a recording's file to the host's computer (its address kept a minute: a recording is large). */
export function downloadRecording(file: File) {
  saveFile(file, file.name, 60_000);
}
