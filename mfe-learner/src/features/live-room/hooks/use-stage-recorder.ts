import { messageOf } from '@liveedu/api-client';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { fitInto, RECORDING_FPS, RECORDING_SIZE, recordingTypeFor } from '../api/recording-format.ts';

/** A finished recording: its bytes and when it started. */
export interface Recording {
  blob: Blob;
  startedAt: Date;
}

/**
 * Calls `tick` about `fps` times a second. A worker's timer keeps its pace while the page is in a
 * background tab (the host showing another tab's screen), where the page's own timers slow to one
 * a second; the page's timer is the fallback.
 */
function startTicker(fps: number, tick: () => void): () => void {
  const every = Math.round(1000 / fps);
  try {
    const source = `setInterval(() => postMessage(0), ${every});`;
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const worker = new Worker(url);
    URL.revokeObjectURL(url);
    worker.onmessage = tick;
    return () => worker.terminate();
  } catch {
    const timer = window.setInterval(tick, every);
    return () => window.clearInterval(timer);
  }
}

/** Mixes the room's sound (the host's microphone, and whoever else speaks) into one track. */
function audioMixer() {
  const context = new AudioContext();
  const destination = context.createMediaStreamDestination();
  const sources = new Map<string, MediaStreamAudioSourceNode>();
  return {
    track: destination.stream.getAudioTracks()[0],
    /** Takes in the tracks given and lets go of those gone. */
    mix(tracks: MediaStreamTrack[]) {
      const live = tracks.filter((track) => track.readyState === 'live');
      for (const track of live) {
        if (sources.has(track.id)) continue;
        const source = context.createMediaStreamSource(new MediaStream([track]));
        source.connect(destination);
        sources.set(track.id, source);
      }
      for (const [id, source] of sources) {
        if (live.some((track) => track.id === id)) continue;
        source.disconnect();
        sources.delete(id);
      }
    },
    close() {
      for (const source of sources.values()) source.disconnect();
      void context.close().catch(() => {});
    },
  };
}

interface Session {
  stop: () => void;
}

/**
 * Records what the class's stage shows, as the host sees it (their shared screen, else their
 * camera), drawn at 1280×720 into a canvas, with the room's sound, in the best format the browser
 * records (WebM with VP8 and Opus where it can).
 */
export function useStageRecorder(options: {
  stage: RefObject<HTMLVideoElement | null>;
  /** The sound to record now: the host's microphone and the tracks of members who speak. */
  audioTracks: () => MediaStreamTrack[];
  /** Given each recording once it is finished, even one stopped by leaving the page. */
  onRecorded: (recording: Recording) => void;
}) {
  const { stage } = options;
  const audioTracks = useRef(options.audioTracks);
  audioTracks.current = options.audioTracks;
  const onRecorded = useRef(options.onRecorded);
  onRecorded.current = options.onRecorded;
  const current = useRef<Session | null>(null);
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState('');

  const start = useCallback(() => {
    if (current.current) return;
    setError('');
    try {
      const canvas = document.createElement('canvas');
      canvas.width = RECORDING_SIZE.width;
      canvas.height = RECORDING_SIZE.height;
      const context = canvas.getContext('2d');
      if (!context || typeof canvas.captureStream !== 'function' || typeof MediaRecorder === 'undefined') {
        throw new Error('This browser cannot record the class; try a recent Chrome, Edge or Firefox');
      }
      const video = canvas.captureStream(RECORDING_FPS);
      const sound = audioMixer();
      sound.mix(audioTracks.current());
      let frame = 0;
      const draw = () => {
        context.fillStyle = '#000';
        context.fillRect(0, 0, canvas.width, canvas.height);
        const source = stage.current;
        if (source && source.readyState >= 2 && source.videoWidth > 0) {
          const at = fitInto({ width: source.videoWidth, height: source.videoHeight });
          context.drawImage(source, at.x, at.y, at.width, at.height);
        }
        frame += 1;
        if (frame % RECORDING_FPS === 0) sound.mix(audioTracks.current());
      };
      const tracks = [...video.getVideoTracks(), ...(sound.track ? [sound.track] : [])];
      const type = recordingTypeFor((candidate) => MediaRecorder.isTypeSupported(candidate));
      let recorder: MediaRecorder;
      try {
        recorder = new MediaRecorder(new MediaStream(tracks), {
          ...(type ? { mimeType: type } : {}),
          videoBitsPerSecond: 2_500_000,
          audioBitsPerSecond: 128_000,
        });
      } catch (failure) {
        sound.close();
        for (const track of tracks) track.stop();
        throw failure;
      }
      draw();
      const stopTicker = startTicker(RECORDING_FPS, draw);
      const chunks: Blob[] = [];
      const startedAt = new Date();
      const cleanUp = () => {
        stopTicker();
        sound.close();
        for (const track of tracks) track.stop();
      };
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        cleanUp();
        if (current.current?.stop === stopRecorder) {
          current.current = null;
          setRecording(false);
        }
        const blob = new Blob(chunks, { type: recorder.mimeType || type || 'video/webm' });
        if (blob.size > 0) onRecorded.current({ blob, startedAt });
      };
      recorder.onerror = (event) => {
        setError(
          `The recording stopped: ${messageOf((event as unknown as { error?: unknown }).error ?? event)}`,
        );
      };
      recorder.start(1_000);
      const stopRecorder = () => {
        if (recorder.state !== 'inactive') recorder.stop();
        else cleanUp();
      };
      current.current = {
        stop: stopRecorder,
      };
      setRecording(true);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [stage]);

  /** Stops recording; what was recorded goes to `onRecorded`. */
  const stop = useCallback(() => {
    const session = current.current;
    if (!session) return;
    current.current = null;
    setRecording(false);
    session.stop();
  }, []);

  // Leaving the room stops a recording nobody stopped; it is kept all the same.
  useEffect(() => () => current.current?.stop(), []);

  return { recording, error, start, stop };
}
