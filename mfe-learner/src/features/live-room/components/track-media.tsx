import type { Track } from 'livekit-client';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/**
 * A video element showing a track of the room (or nothing, when `track` is undefined). The sound
 * of the room plays through `TrackAudio` elements, so videos are muted and may start on their own.
 */
export const TrackVideo = forwardRef<
  HTMLVideoElement | null,
  { track: Track | undefined; label: string; testId?: string; className?: string }
>(function TrackVideo({ track, label, testId, className }, forwarded) {
  const element = useRef<HTMLVideoElement>(null);
  useImperativeHandle(forwarded, () => element.current as HTMLVideoElement);
  useEffect(() => {
    const video = element.current;
    if (!track || !video) return;
    track.attach(video);
    return () => {
      track.detach(video);
    };
  }, [track]);
  return (
    <video
      ref={element}
      className={className}
      data-testid={testId}
      aria-label={label}
      autoPlay
      playsInline
      muted
    />
  );
});

/** The sound of a member who speaks (their microphone or their shared screen's sound). */
export function TrackAudio({ track }: { track: Track }) {
  const element = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = element.current;
    if (!audio) return;
    track.attach(audio);
    return () => {
      track.detach(audio);
    };
  }, [track]);
  // biome-ignore lint/a11y/useMediaCaption: a member's live voice has no captions to give
  return <audio ref={element} autoPlay />;
}
