import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ResourceView } from '@liveedu/ui';
import { HlsPlayer, VideoView } from '@liveedu/video';

/** What a free preview item gives a visitor: its title, and its hosted video or its link. */
export interface PreviewItem {
  _id: string;
  videoTitle: string;
  videoLink?: string;
  videoId?: string;
}

function HostedPreview({ videoId, title }: { videoId: string; title: string }) {
  const api = useApi();
  const playback = useApiQuery(['catalog', 'preview', videoId], (signal) =>
    api.videoPlayback(videoId, signal),
  );
  return (
    <ResourceView resource={playback} loading="Loading the preview…">
      {(video) => (
        <HlsPlayer
          key={videoId}
          src={video.url}
          poster={video.poster}
          captions={video.captions}
          title={title}
        />
      )}
    </ResourceView>
  );
}

/** Plays a free preview: its hosted video through a signed address, or its link. */
export default function PreviewPlayer({ item }: { item: PreviewItem }) {
  return (
    <VideoView
      link={item.videoLink}
      title={item.videoTitle}
      hosted={item.videoId ? <HostedPreview videoId={item.videoId} title={item.videoTitle} /> : undefined}
    />
  );
}
