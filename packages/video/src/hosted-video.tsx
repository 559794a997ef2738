import type { WatchReport } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ResourceView } from '@liveedu/ui';
import { HlsPlayer, type HlsPlayerProps } from './hls-player.tsx';

/** What the page may add to the player: its controls, its clock, holding it, marks and what shows over it. */
type PlayerExtras = Pick<HlsPlayerProps, 'control' | 'onTime' | 'onEnded' | 'hold' | 'markers' | 'overlay'>;

/**
 * A video hosted here: its signed playback address (with its captions) is asked for when it is
 * shown (it lasts an hour), and the player reports what was watched when asked to.
 */
export function HostedVideo({
  videoId,
  title,
  startAt,
  onReport,
  loading = 'Loading video…',
  ...extras
}: PlayerExtras & {
  videoId: string;
  title: string;
  startAt?: number;
  onReport?: (report: WatchReport) => void;
  /** What the spinner says meanwhile. */
  loading?: string;
}) {
  const api = useApi();
  const playback = useApiQuery(['video', 'playback', videoId], (signal) =>
    api.videoPlayback(videoId, signal),
  );
  return (
    <ResourceView resource={playback} loading={loading}>
      {(video) => (
        <HlsPlayer
          key={videoId}
          src={video.url}
          poster={video.poster}
          captions={video.captions}
          startAt={startAt}
          title={title}
          onReport={onReport}
          {...extras}
        />
      )}
    </ResourceView>
  );
}
