import { fireEvent } from '@testing-library/react';

/**
 * happy-dom plays nothing: a player's video made to behave as a browser's does for the page
 * around it (paused or not, a length, play and pause events), with a clock the test moves.
 */
export function playable(video: HTMLVideoElement, durationSec = 30) {
  let paused = true;
  let ended = false;
  Object.defineProperty(video, 'paused', { get: () => paused, configurable: true });
  Object.defineProperty(video, 'ended', { get: () => ended, configurable: true });
  Object.defineProperty(video, 'duration', { value: durationSec, configurable: true });
  video.play = async () => {
    paused = false;
    ended = false;
    video.dispatchEvent(new Event('play'));
  };
  video.pause = () => {
    if (paused) return;
    paused = true;
    video.dispatchEvent(new Event('pause'));
  };
  fireEvent(video, new Event('durationchange'));
  return {
    video,
    /** Plays on to `seconds`, as the clock's `timeupdate` says. */
    playTo(seconds: number) {
      video.currentTime = seconds;
      fireEvent(video, new Event('timeupdate'));
    },
    /** A seek to `seconds`, done. */
    seekTo(seconds: number) {
      video.currentTime = seconds;
      fireEvent(video, new Event('seeked'));
    },
    end() {
      video.currentTime = durationSec;
      fireEvent(video, new Event('timeupdate'));
      paused = true;
      ended = true;
      fireEvent(video, new Event('pause'));
      fireEvent(video, new Event('ended'));
    },
  };
}
