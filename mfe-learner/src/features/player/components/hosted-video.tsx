import type { WatchReport } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ResourceView } from '@liveedu/ui';
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
  return (
    <ResourceView resource={playback} loading="Loading video…">
      {(video) => (
        <HlsPlayer
          key={videoId}
          src={video.url}
          poster={video.poster}
          captions={video.captions}
          startAt={startAt}
          title={title}
          onReport={onReport}
        />
      )}
    </ResourceView>
  );
}
