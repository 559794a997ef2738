/**
 * Plays a hosted video's HLS stream with hls.js (or natively where the browser plays HLS itself):
 * a choice of quality that keeps the position, keyboard controls, no download control and no
 * context menu. It reports what was played every ten seconds and on pause, end, leaving and when
 * the page is hidden; `WatchedSpans` keeps the record from the media element's events.
 */

import type { WatchReport } from '@liveedu/api-client';
import { media } from '@liveedu/ui';
import Hls from 'hls.js';
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import styled from 'styled-components';
import { clockOf } from './clock.ts';
import { type Cue, cueAt, languageName, parseCues } from './transcript.ts';
import { WatchedSpans } from './watched-spans.ts';

export const REPORT_EVERY_MS = 10_000;

/** What a page around the player may do with it: read its clock, move it, play and pause it. */
export interface VideoControl {
  /** The second the video is at (0 before it has loaded). */
  currentTime(): number;
  /** Moves the video to a second (playing on from there if it was playing). */
  seek(seconds: number): void;
  play(): void;
  pause(): void;
}

/**
 * A mark on the video's timeline: a question the video asks there, a note written there, or a
 * question a learner asked about that moment (`discussion`, drawn as a thin tick).
 */
export interface VideoMarker {
  atSec: number;
  kind: 'question' | 'note' | 'discussion';
  /** What the mark is, read out and shown on hover. */
  label: string;
  /** What choosing the mark does (a mark without it is only shown). */
  onSelect?(): void;
}

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
  /** Filled with the player's controls while it is shown. */
  control?: Ref<VideoControl>;
  /** Told the video's second as it plays and after every seek. */
  onTime?(seconds: number): void;
  /**
   * While true the video stays paused (out of full screen, so what is shown over it is seen);
   * when it turns false again the video plays on if it was playing.
   */
  hold?: boolean;
  /** Marks shown on a strip under the video, at their share of its length. */
  markers?: readonly VideoMarker[];
  /** Shown over the video (under it on a small screen): a question asked while it is held. */
  overlay?: ReactNode;
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

const Stage = styled.div`
  position: relative;
`;

const Overlay = styled.div`
  margin-top: 0.5rem;
  ${media.sm} {
    position: absolute;
    inset: 0;
    margin: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    padding: 1rem;
    background: rgba(17, 24, 39, 0.6);
    border-radius: 8px;
    overflow-y: auto;
  }
`;

const Timeline = styled.ol`
  position: relative;
  list-style: none;
  height: 14px;
  margin: 0.4rem 0 0;
  padding: 0;
  border-radius: 7px;
  background: #e5e7eb;
  li { position: absolute; top: 0; }
  .mark {
    display: block;
    width: 14px;
    height: 14px;
    padding: 0;
    border: 2px solid #fff;
    border-radius: 50%;
  }
  .question { background: #b45309; border-radius: 3px; }
  .note { background: #4f46e5; }
  .discussion { width: 8px; margin-left: 3px; border-width: 1px; border-radius: 2px; background: #0f766e; }
  button.mark { cursor: pointer; }
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

export function HlsPlayer({
  src,
  poster,
  startAt = 0,
  title,
  onReport,
  onEnded,
  captions,
  control,
  onTime,
  hold = false,
  markers,
  overlay,
}: HlsPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const [duration, setDuration] = useState(0);
  const report = useRef(onReport);
  report.current = onReport;
  const ended = useRef(onEnded);
  ended.current = onEnded;
  const time = useRef(onTime);
  time.current = onTime;

  useImperativeHandle(
    control,
    () => ({
      currentTime: () => videoRef.current?.currentTime ?? 0,
      seek: (seconds) => {
        if (videoRef.current) videoRef.current.currentTime = Math.max(0, seconds);
      },
      // A play the browser refuses (no gesture yet) leaves the video paused, as it was.
      play: () => void videoRef.current?.play()?.catch(() => {}),
      pause: () => videoRef.current?.pause(),
    }),
    [],
  );

  // The clock, for the page around the player, and the length, for the timeline's marks.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const tell = () => time.current?.(video.currentTime);
    const measure = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    measure();
    video.addEventListener('timeupdate', tell);
    video.addEventListener('seeked', tell);
    video.addEventListener('durationchange', measure);
    video.addEventListener('loadedmetadata', measure);
    return () => {
      video.removeEventListener('timeupdate', tell);
      video.removeEventListener('seeked', tell);
      video.removeEventListener('durationchange', measure);
      video.removeEventListener('loadedmetadata', measure);
    };
  }, []);

  // Held: paused, and kept paused whatever starts it, until released.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hold) return;
    const wasPlaying = !video.paused && !video.ended;
    video.pause();
    if (document.fullscreenElement) void document.exitFullscreen?.()?.catch(() => {});
    const stay = () => video.pause();
    video.addEventListener('play', stay);
    return () => {
      video.removeEventListener('play', stay);
      if (wasPlaying && !video.ended) void video.play()?.catch(() => {});
    };
  }, [hold]);

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
      ended.current?.();
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
  }, [src, startAt]);

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
    // The keys are the player's own, not those of a control inside it (the quality list).
    if (!video || (event.target !== event.currentTarget && event.target !== video)) return;
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

  const shownMarkers = duration > 0 ? (markers ?? []).filter((m) => m.atSec <= duration) : [];
  return (
    <>
      <Stage>
        <Frame
          role="group"
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
              <track
                key={c.lang}
                kind="subtitles"
                srcLang={c.lang}
                label={languageName(c.lang)}
                src={c.url}
              />
            ))}
          </video>
          {levels.length > 1 && (
            <Quality>
              Quality
              <select
                value={level}
                onChange={(e) => chooseLevel(Number(e.target.value))}
                aria-label="Quality"
              >
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
        {overlay ? <Overlay>{overlay}</Overlay> : null}
      </Stage>
      {shownMarkers.length > 0 ? (
        <Timeline aria-label="Marks on the timeline">
          {shownMarkers.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: marks are drawn anew from the page's list each time
            <li key={i} style={{ left: `calc((100% - 14px) * ${m.atSec / duration})` }}>
              {m.onSelect ? (
                <button
                  type="button"
                  className={`mark ${m.kind}`}
                  aria-label={m.label}
                  title={m.label}
                  onClick={m.onSelect}
                />
              ) : (
                <span className={`mark ${m.kind}`} role="img" aria-label={m.label} title={m.label} />
              )}
            </li>
          ))}
        </Timeline>
      ) : null}
      {captions && captions.length > 0 ? <Transcript captions={captions} video={videoRef} /> : null}
    </>
  );
}
