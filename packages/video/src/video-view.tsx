import { theme } from '@liveedu/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { videoSource } from './video-source.ts';

const Box = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  background: #000;
  border-radius: ${theme.radius};
  overflow: hidden;
  video, iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
  p { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
    margin: 0; color: #e5e7eb; padding: 1rem; text-align: center; }
`;

/** The lesson's video: no download control, no context menu on it. */
export function VideoView({
  link,
  title,
  hosted,
}: {
  link?: string;
  title: string;
  /** A video hosted here plays instead of the link. */
  hosted?: ReactNode;
}) {
  const source = videoSource(link);
  if (hosted) return <div data-testid="player-video">{hosted}</div>;
  return (
    <Box onContextMenu={(e) => e.preventDefault()} data-testid="player-video">
      {source.kind === 'file' ? (
        // biome-ignore lint/a11y/useMediaCaption: a lesson has a video link and a description, no caption file
        <video
          key={source.url}
          src={source.url}
          controls
          controlsList="nodownload noremoteplayback"
          disablePictureInPicture
          preload="metadata"
          playsInline
          aria-label={title}
          onContextMenu={(e) => e.preventDefault()}
        />
      ) : source.kind === 'youtube' ? (
        <iframe
          key={source.embedUrl}
          src={source.embedUrl}
          title={title}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <p>This lesson has no video.</p>
      )}
    </Box>
  );
}
