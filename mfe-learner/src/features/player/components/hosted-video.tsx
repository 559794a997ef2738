import type { WatchReport } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ErrorState, Loading } from '@liveedu/ui';
import { HlsPlayer } from '@liveedu/video';

/**
 * A video hosted here: its signed playback address is asked for when the lesson opens (it lasts an
 * hour), and the player reports what was watched.
 */
export function HostedVideo({
  videoId,
  title,
  startAt,
  onReport,
}: {
  videoId: string;
  title: string;
  startAt: number;
  onReport: (report: WatchReport) => void;
}) {
  const api = useApi();
  const playback = useApiQuery(['learner', 'playback', videoId], (signal) =>
    api.videoPlayback(videoId, signal),
  );
  if (playback.status === 'loading') return <Loading label="Loading video…" />;
  if (playback.status === 'error') return <ErrorState message={playback.error} onRetry={playback.reload} />;
  return (
    <HlsPlayer
      key={videoId}
      src={playback.data.url}
      poster={playback.data.poster}
      startAt={startAt}
      title={title}
      onReport={onReport}
    />
  );
}
