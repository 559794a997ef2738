import { HostedVideo, VideoView } from '@liveedu/video';

/** What a free preview item gives a visitor: its title, and its hosted video or its link. */
export interface PreviewItem {
  _id: string;
  videoTitle: string;
  videoLink?: string;
  videoId?: string;
}

/** Plays a free preview: its hosted video through a signed address, or its link. */
export default function PreviewPlayer({ item }: { item: PreviewItem }) {
  return (
    <VideoView
      link={item.videoLink}
      title={item.videoTitle}
      hosted={
        item.videoId ? (
          <HostedVideo videoId={item.videoId} title={item.videoTitle} loading="Loading the preview…" />
        ) : undefined
      }
    />
  );
}
