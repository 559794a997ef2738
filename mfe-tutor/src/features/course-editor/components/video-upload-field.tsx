import { messageOf } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Button, theme } from '@liveedu/ui';
import { clockOf, startVideoUpload, VIDEO_TYPES, type VideoUpload } from '@liveedu/video';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { CaptionsField } from './captions-field.tsx';

const Box = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.5rem;
  margin-bottom: 0.75rem;
  progress { width: 100%; height: 0.6rem; accent-color: ${theme.colors.primary}; }
  .row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
  input[type='file'] { max-width: 100%; min-width: 0; }
  .error { color: ${theme.colors.danger}; }
  .muted { color: ${theme.colors.muted}; }
  img { width: 160px; border-radius: 6px; }
`;

/** The state of an uploaded video until it is ready: "processing…", then its poster and length. */
function VideoState({ videoId, onRemove }: { videoId: string; onRemove: () => void }) {
  const api = useApi();
  const [poll, setPoll] = useState(0);
  const video = useApiQuery(['tutor', 'video', videoId, poll], (signal) => api.video(videoId, signal));
  const status = video.status === 'ready' ? video.data.status : null;
  useEffect(() => {
    if (status !== 'processing' && status !== 'uploading') return;
    const timer = window.setTimeout(() => setPoll((n) => n + 1), 2_000);
    return () => window.clearTimeout(timer);
  }, [status]);
  return (
    <div className="row" data-testid="video-state" data-status={status ?? 'loading'}>
      {video.status === 'error' ? (
        <span className="error">{video.error}</span>
      ) : status === 'ready' && video.status === 'ready' ? (
        <>
          {video.data.poster ? <img src={video.data.poster} alt="" /> : null}
          <span>
            Uploaded video · {clockOf(video.data.durationSec ?? 0)} · {video.data.renditions.join(', ')}
          </span>
          <CaptionsField
            videoId={videoId}
            captions={video.data.captions}
            onSaved={() => setPoll((n) => n + 1)}
          />
        </>
      ) : status === 'failed' && video.status === 'ready' ? (
        <span className="error">This video could not be used: {video.data.error}</span>
      ) : (
        <span className="muted">Uploaded · processing…</span>
      )}
      <Button type="button" $variant="secondary" onClick={onRemove}>
        Use a link instead
      </Button>
    </div>
  );
}

/**
 * Uploads a lecture straight to storage with a progress bar, pause and resume; once stored, the
 * item plays it instead of a link.
 */
export function VideoUploadField({
  videoId,
  onChange,
}: {
  videoId: string;
  onChange: (videoId: string) => void;
}) {
  const api = useApi();
  const id = useId();
  const upload = useRef<VideoUpload | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => () => upload.current?.cancel(), []);

  const start = (file: File) => {
    setError('');
    if (!VIDEO_TYPES.test(file.type)) {
      setError('Please choose a video file');
      return;
    }
    setProgress(0);
    setPaused(false);
    const started = startVideoUpload(api, file, {
      onProgress: ({ bytesUploaded, bytesTotal }) =>
        setProgress(bytesTotal > 0 ? Math.floor((100 * bytesUploaded) / bytesTotal) : 0),
    });
    upload.current = started;
    started.done.then(
      ({ videoId: uploaded }) => {
        upload.current = null;
        setProgress(null);
        onChange(uploaded);
      },
      (reason: unknown) => {
        upload.current = null;
        setProgress(null);
        setError(messageOf(reason));
      },
    );
  };

  if (videoId) return <VideoState videoId={videoId} onRemove={() => onChange('')} />;
  return (
    <Box>
      {progress === null ? (
        <div className="row">
          <label htmlFor={`${id}-file`}>Or upload a video</label>
          <input
            id={`${id}-file`}
            type="file"
            accept="video/*"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) start(file);
              e.target.value = '';
            }}
          />
        </div>
      ) : (
        <>
          <progress max={100} value={progress} aria-label="Upload progress" data-testid="upload-progress" />
          <div className="row">
            <span>{paused ? `Paused at ${progress}%` : `Uploading… ${progress}%`}</span>
            <Button
              type="button"
              $variant="secondary"
              onClick={() => {
                if (paused) upload.current?.resume();
                else upload.current?.pause();
                setPaused(!paused);
              }}
            >
              {paused ? 'Resume' : 'Pause'}
            </Button>
            <Button
              type="button"
              $variant="danger"
              onClick={() => {
                upload.current?.cancel();
                upload.current = null;
                setProgress(null);
              }}
            >
              Cancel upload
            </Button>
          </div>
        </>
      )}
      {error ? (
        <span className="error" role="alert">
          {error}
        </span>
      ) : null}
    </Box>
  );
}
