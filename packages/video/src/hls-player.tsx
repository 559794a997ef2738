/**
 * Plays a hosted video's HLS stream with hls.js (or natively where the browser plays HLS itself):
 * a choice of quality that keeps the position, keyboard controls, no download control and no
 * context menu. It reports what was played every ten seconds and on pause, end, leaving and when
 * the page is hidden; `WatchedSpans` keeps the record from the media element's events.
 */

import type { WatchReport } from '@liveedu/api-client';
import Hls from 'hls.js';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { clockOf } from './clock.ts';
import { type Cue, cueAt, languageName, parseCues } from './transcript.ts';
import { WatchedSpans } from './watched-spans.ts';

export const REPORT_EVERY_MS = 10_000;

export interface HlsPlayerProps {
  /** The signed master playlist. */
  src: string;
  poster?: string;
  /** Seconds to start at (resume). */
  startAt?: number;
  title?: string;
  onReport?(report: WatchReport): void;
  onEnded?(): void;
  /** Its WebVTT captions, one signed address per language: subtitles in the player, and a transcript. */
  captions?: ReadonlyArray<{ lang: string; url: string }>;
}

interface Level {
  index: number;
  height: number;
}

const Frame = styled.div`
  position: relative;
  width: 100%;
  background: #000;
  border-radius: 8px;
  overflow: hidden;
  outline: none;
  &:focus-visible {
    box-shadow: 0 0 0 3px #93c5fd;
  }
  video {
    display: block;
    width: 100%;
    aspect-ratio: 16 / 9;
    background: #000;
  }
`;

const Quality = styled.label`
  position: absolute;
  top: 8px;
  right: 8px;
  font-size: 12px;
  color: #fff;
  background: rgba(0, 0, 0, 0.55);
  border-radius: 4px;
  padding: 2px 6px;
  select {
    margin-left: 4px;
    background: transparent;
    color: inherit;
    border: none;
  }
  option {
    color: #111;
  }
`;

const TranscriptBox = styled.div`
  margin-top: 0.5rem;
  label { font-size: 0.9rem; }
  select { margin-left: 0.4rem; }
  ol { list-style: none; margin: 0.5rem 0 0; padding: 0; max-height: 14rem; overflow-y: auto; }
  button {
    display: flex;
    gap: 0.6rem;
    width: 100%;
    padding: 0.3rem 0.4rem;
    border: 0;
    border-radius: 4px;
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  button[aria-current='true'] { background: #e0e7ff; font-weight: 600; }
  time { color: #4b5563; font-variant-numeric: tabular-nums; }
`;

/**
 * The captions of one language as text under the player: the cue being spoken is marked, and
 * choosing a cue plays from there.
 */
function Transcript({
  captions,
  video,
}: {
  captions: ReadonlyArray<{ lang: string; url: string }>;
  video: { current: HTMLVideoElement | null };
}) {
  const [lang, setLang] = useState('');
  const [cues, setCues] = useState<Cue[] | null>(null);
  const [now, setNow] = useState(-1);
  const url = captions.find((c) => c.lang === lang)?.url;
  useEffect(() => {
    setCues(null);
    if (!url) return;
    let live = true;
    fetch(url)
      .then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
      )
      .then(
        (text) => live && setCues(parseCues(text)),
        () => live && setCues([]),
      );
    return () => {
      live = false;
    };
  }, [url]);
  useEffect(() => {
    const element = video.current;
    if (!element || !cues) return;
    const follow = () => setNow(cueAt(cues, element.currentTime));
    follow();
    element.addEventListener('timeupdate', follow);
    element.addEventListener('seeked', follow);
    return () => {
      element.removeEventListener('timeupdate', follow);
      element.removeEventListener('seeked', follow);
    };
  }, [cues, video]);
  return (
    <TranscriptBox>
      <label>
        Transcript
        <select
          value={lang}
          aria-label="Transcript language"
          onChange={(event) => setLang(event.target.value)}
        >
          <option value="">Hidden</option>
          {captions.map((c) => (
            <option key={c.lang} value={c.lang}>
              {languageName(c.lang)}
            </option>
          ))}
        </select>
      </label>
      {cues && cues.length === 0 ? <p role="alert">This transcript could not be loaded.</p> : null}
      {cues && cues.length > 0 ? (
        <ol aria-label="Transcript">
          {cues.map((cue, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cues keep their order and never move
            <li key={i}>
              <button
                type="button"
                aria-current={i === now ? 'true' : undefined}
                onClick={() => {
                  if (video.current) video.current.currentTime = cue.start;
                }}
              >
                <time>{clockOf(Math.floor(cue.start))}</time>
                <span>{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </TranscriptBox>
  );
}

export function HlsPlayer({ src, poster, startAt = 0, title, onReport, onEnded, captions }: HlsPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const report = useRef(onReport);
  report.current = onReport;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const spans = new WatchedSpans();
    let reportedAt = -1;
    const flush = () => {
      const durationSec = Number.isFinite(video.duration) ? video.duration : 0;
      if (!(durationSec > 0)) return;
      const watchedRanges = spans.take(durationSec);
      const positionSec = Math.min(durationSec, Math.max(0, Math.round(video.currentTime * 10) / 10));
      // Nothing new since the last report (a pause then a page hide, say): nothing to send.
      if (watchedRanges.length === 0 && positionSec === reportedAt) return;
      reportedAt = positionSec;
      report.current?.({ positionSec, durationSec: Math.round(durationSec * 10) / 10, watchedRanges });
    };
    const now = () => performance.now();
    const moving = () => !video.paused && !video.seeking;
    const onPlaying = () => spans.playing(video.currentTime, now());
    const onTime = () => {
      if (moving()) spans.playedTo(video.currentTime, now());
    };
    const onPause = () => {
      spans.stopped(video.currentTime);
      flush();
    };
    // The buffer ran dry: nothing plays until `playing` again.
    const onWaiting = () => spans.stopped(video.currentTime);
    const onSeeking = () => spans.seeking(now());
    const onSeeked = () => {
      if (!video.paused) spans.playing(video.currentTime, now());
    };
    const onRate = () => spans.rateChanged(video.playbackRate, video.currentTime, now(), moving());
    const onEnd = () => {
      if (Number.isFinite(video.duration)) spans.ended(video.duration);
      flush();
      onEnded?.();
    };
    // A hidden page may be closed without another event, and a closing one runs no clean-up:
    // report what was played so far (the report is sent with `keepalive`).
    const onHidden = () => {
      if (document.visibilityState !== 'hidden') return;
      if (moving()) spans.playedTo(video.currentTime, now());
      flush();
    };
    const listeners: Array<[string, () => void]> = [
      ['playing', onPlaying],
      ['timeupdate', onTime],
      ['pause', onPause],
      ['waiting', onWaiting],
      ['seeking', onSeeking],
      ['seeked', onSeeked],
      ['ratechange', onRate],
      ['ended', onEnd],
    ];
    for (const [event, listener] of listeners) video.addEventListener(event, listener);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onHidden);
    const timer = window.setInterval(() => {
      if (!video.paused) flush();
    }, REPORT_EVERY_MS);

    let hls: Hls | null = null;
    if (Hls.isSupported()) {
      hls = new Hls({ startPosition: startAt > 0 ? startAt : -1, capLevelToPlayerSize: true });
      hlsRef.current = hls;
      hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
        setLevels(data.levels.map((l, index) => ({ index, height: l.height })));
      });
      hls.loadSource(src);
      hls.attachMedia(video);
    } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = src;
      const seek = () => {
        if (startAt > 0) video.currentTime = startAt;
      };
      video.addEventListener('loadedmetadata', seek, { once: true });
    }
    return () => {
      // Leaving the player stops it where it is.
      if (moving()) spans.stopped(video.currentTime);
      else spans.close();
      flush();
      window.clearInterval(timer);
      for (const [event, listener] of listeners) video.removeEventListener(event, listener);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onHidden);
      hls?.destroy();
      hlsRef.current = null;
    };
  }, [src, startAt, onEnded]);

  const chooseLevel = (index: number) => {
    const hls = hlsRef.current;
    setLevel(index);
    if (!hls) return;
    // The next fragment comes in the chosen quality; playback goes on from where it is.
    hls.nextLevel = index;
    if (index === -1) hls.currentLevel = -1;
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const video = videoRef.current;
    if (!video) return;
    switch (event.key) {
      case ' ':
      case 'k':
        if (video.paused) void video.play();
        else video.pause();
        break;
      case 'ArrowRight':
        video.currentTime = Math.min(video.duration || Number.POSITIVE_INFINITY, video.currentTime + 5);
        break;
      case 'ArrowLeft':
        video.currentTime = Math.max(0, video.currentTime - 5);
        break;
      case 'ArrowUp':
        video.volume = Math.min(1, video.volume + 0.1);
        break;
      case 'ArrowDown':
        video.volume = Math.max(0, video.volume - 0.1);
        break;
      case 'm':
        video.muted = !video.muted;
        break;
      case 'f':
        if (document.fullscreenElement) void document.exitFullscreen();
        else void video.requestFullscreen?.();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <>
      <Frame
        tabIndex={0}
        onKeyDown={onKey}
        onContextMenu={(e) => e.preventDefault()}
        aria-label={title ?? 'Video player'}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: lectures are generated or uploaded without caption tracks */}
        <video
          ref={videoRef}
          poster={poster}
          controls
          playsInline
          controlsList="nodownload"
          disablePictureInPicture
          data-testid="hls-player"
        >
          {(captions ?? []).map((c) => (
            <track key={c.lang} kind="subtitles" srcLang={c.lang} label={languageName(c.lang)} src={c.url} />
          ))}
        </video>
        {levels.length > 1 && (
          <Quality>
            Quality
            <select value={level} onChange={(e) => chooseLevel(Number(e.target.value))} aria-label="Quality">
              <option value={-1}>Auto</option>
              {levels.map((l) => (
                <option key={l.index} value={l.index}>
                  {l.height}p
                </option>
              ))}
            </select>
          </Quality>
        )}
      </Frame>
      {captions && captions.length > 0 ? <Transcript captions={captions} video={videoRef} /> : null}
    </>
  );
}
