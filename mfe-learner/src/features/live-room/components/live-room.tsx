import type { LiveJoin, LiveSession } from '@liveedu/api-client';
import { Banner, Button, ButtonLink, flatPanel, media, theme } from '@liveedu/ui';
import type { Participant } from 'livekit-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { hasTrack, recordedAudioOf, remoteAudioOf, speakersOf, stageOf } from '../api/room-media.ts';
import { ROOM_END_WORDS } from '../api/room-phase.ts';
import { useLeaveWarning } from '../hooks/use-leave-warning.ts';
import { useLiveRoom, viewersOf } from '../hooks/use-live-room.ts';
import { type Recording, useStageRecorder } from '../hooks/use-stage-recorder.ts';
import { ChatPanel } from './chat-panel.tsx';
import { TrackAudio, TrackVideo } from './track-media.tsx';
import { type Viewer, ViewerList } from './viewer-list.tsx';

const Layout = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: minmax(0, 1fr);
  ${media.lg} { grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr); align-items: start; }
`;

const Side = styled.div`
  display: grid;
  gap: 1rem;
`;

const Stage = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  background: ${theme.colors.hero};
  border-radius: ${theme.radius};
  overflow: hidden;
  video { width: 100%; height: 100%; object-fit: contain; display: block; background: #000; }
  .empty {
    position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
    color: #fff; margin: 0; padding: 1rem; text-align: center;
  }
  .badge {
    position: absolute; top: 0.75rem; left: 0.75rem; margin: 0;
    background: ${theme.colors.danger}; color: #fff; font-weight: 700; font-size: 0.85rem;
    padding: 0.15rem 0.6rem; border-radius: 999px;
  }
`;

const Speakers = styled.ul`
  list-style: none;
  margin: 0.75rem 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  li { width: 10rem; }
  video { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 8px; background: #000; display: block; }
  span { font-size: 0.85rem; color: ${theme.colors.muted}; overflow-wrap: anywhere; }
`;

const Controls = styled.div`
  ${flatPanel}
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  padding: 0.75rem;
  margin-top: 0.75rem;
`;

const Ended = styled.div`
  ${flatPanel}
  padding: 2rem 1rem;
  text-align: center;
  display: grid;
  gap: 1rem;
  justify-items: center;
  p { margin: 0; font-size: 1.15rem; font-weight: 600; }
  .why { font-size: 0.95rem; font-weight: 400; color: ${theme.colors.muted}; }
  .row { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: center; }
`;

const nameOf = (participant: Participant) => participant.name || participant.identity;

/**
 * The class's room once the member is in: the stage (the host's shared screen, else their camera),
 * the members who speak, the sound of the room, the controls of the member's role, the host's list
 * of viewers, and the chat. When the class ends for the member, says why.
 */
export function LiveRoom({
  session,
  join,
  onRejoin,
  rejoining,
  onRecorded,
}: {
  session: LiveSession;
  join: LiveJoin;
  onRejoin: () => void;
  rejoining: boolean;
  /** Each recording the host made, once it is finished. */
  onRecorded: (recording: Recording) => void;
}) {
  const connection = useLiveRoom(join, session);
  const { state, room, isHost, actions } = connection;
  const hostId = session.tutorId;
  const stageVideo = useRef<HTMLVideoElement>(null);
  const recorder = useStageRecorder({
    stage: stageVideo,
    audioTracks: () => recordedAudioOf(room),
    onRecorded,
  });
  const [invited, setInvited] = useState<Record<string, boolean>>({});

  const open =
    state.status === 'connecting' || state.status === 'connected' || state.status === 'reconnecting';
  const { stop: stopRecording } = recorder;
  // The class's end, a removal or a lost connection stops the recording; it is saved all the same.
  useEffect(() => {
    if (!open) stopRecording();
  }, [open, stopRecording]);

  // A recording under way is lost with the page: the browser asks before leaving it.
  useLeaveWarning(recorder.recording);

  const local = room?.localParticipant;
  const canPublish = isHost || local?.permissions?.canPublish === true;
  const myHand = local ? state.hands[local.identity] !== undefined : false;
  // Let to speak, a viewer's raised hand has been answered: it goes down.
  const { setHand } = actions;
  const handUp = useRef(myHand);
  handUp.current = myHand;
  useEffect(() => {
    if (!isHost && canPublish && handUp.current) void setHand(false);
  }, [isHost, canPublish, setHand]);

  const onSpeakChanged = useCallback(
    (identity: string, allowed: boolean) => setInvited((all) => ({ ...all, [identity]: allowed })),
    [],
  );

  if (!open) {
    const end = state.status as keyof typeof ROOM_END_WORDS;
    return (
      <Ended>
        <p role="status">{ROOM_END_WORDS[end]}</p>
        {end === 'lost' && state.failure ? <span className="why">{state.failure}</span> : null}
        <div className="row">
          {end === 'lost' ? (
            <Button type="button" onClick={onRejoin} disabled={rejoining}>
              Rejoin
            </Button>
          ) : null}
          <ButtonLink to="/profile/live-classes" $variant="secondary">
            My live classes
          </ButtonLink>
        </div>
      </Ended>
    );
  }

  const stage = stageOf(room, hostId);
  const host = room ? (isHost ? room.localParticipant : room.remoteParticipants.get(hostId)) : undefined;
  const hostName = host ? nameOf(host) : session.tutorName;
  const speakers = speakersOf(room, hostId);
  const viewers: Viewer[] = viewersOf(room, hostId).map((participant) => ({
    identity: participant.identity,
    name: nameOf(participant),
    canSpeak: invited[participant.identity] ?? participant.permissions?.canPublish === true,
  }));
  const micOn = local?.isMicrophoneEnabled === true;
  const cameraOn = local?.isCameraEnabled === true;
  const sharing = local?.isScreenShareEnabled === true;
  const micPublished = hasTrack(local, 'microphone');

  let stageWords = '';
  if (state.status === 'connecting') stageWords = 'Connecting to the live class…';
  else if (!host) stageWords = `Waiting for ${session.tutorName} to start the class…`;
  else if (!stage.track) stageWords = isHost ? 'Your camera is off' : `${hostName}’s camera is off`;

  return (
    <>
      {state.status === 'connecting' ? <Banner tone="warning">Connecting…</Banner> : null}
      {state.status === 'reconnecting' ? <Banner tone="warning">Reconnecting…</Banner> : null}
      {connection.notice ? <Banner tone="error">{connection.notice}</Banner> : null}
      {recorder.error ? <Banner tone="error">{recorder.error}</Banner> : null}
      {connection.audioBlocked ? (
        <Banner tone="warning">
          Your browser held back the class’s sound.{' '}
          <Button type="button" $variant="secondary" onClick={actions.startAudio}>
            Start audio
          </Button>
        </Banner>
      ) : null}
      <Layout>
        <div>
          <Stage>
            <TrackVideo
              ref={stageVideo}
              track={stage.track}
              testId="live-stage-video"
              label={stage.screen ? `${hostName}’s shared screen` : `${hostName}’s camera`}
            />
            {stageWords ? <p className="empty">{stageWords}</p> : null}
            {recorder.recording ? (
              <p className="badge" role="status">
                ● Recording
              </p>
            ) : null}
          </Stage>
          {speakers.length > 0 ? (
            <Speakers aria-label="Speaking">
              {speakers.map(({ participant, track }) => (
                <li key={participant.identity}>
                  <TrackVideo track={track} label={`${nameOf(participant)}’s camera`} />
                  <span>{participant === local ? 'You' : nameOf(participant)}</span>
                </li>
              ))}
            </Speakers>
          ) : null}
          <Controls role="group" aria-label="Class controls">
            {canPublish ? (
              <>
                <Button type="button" $variant="secondary" onClick={actions.toggleMicrophone}>
                  {micOn
                    ? 'Mute microphone'
                    : isHost || micPublished
                      ? 'Unmute microphone'
                      : 'Turn on microphone'}
                </Button>
                <Button type="button" $variant="secondary" onClick={actions.toggleCamera}>
                  {cameraOn ? 'Turn camera off' : isHost ? 'Turn camera on' : 'Turn on camera'}
                </Button>
              </>
            ) : null}
            {isHost ? (
              <>
                <Button type="button" $variant="secondary" onClick={actions.toggleScreenShare}>
                  {sharing ? 'Stop sharing' : 'Share screen'}
                </Button>
                <Button
                  type="button"
                  $variant="secondary"
                  onClick={recorder.recording ? recorder.stop : recorder.start}
                  disabled={state.status !== 'connected' && !recorder.recording}
                >
                  {recorder.recording ? 'Stop recording' : 'Record'}
                </Button>
                <Button type="button" $variant="danger" onClick={actions.endClass}>
                  End class
                </Button>
              </>
            ) : (
              <Button type="button" onClick={() => void setHand(!myHand)}>
                {myHand ? 'Lower hand' : 'Raise hand'}
              </Button>
            )}
          </Controls>
        </div>
        <Side>
          {isHost ? (
            <ViewerList
              sessionId={session._id}
              viewers={viewers}
              hands={state.hands}
              onSpeakChanged={onSpeakChanged}
            />
          ) : null}
          <ChatPanel
            messages={state.chat.messages}
            canDelete={isHost}
            connected={state.status === 'connected'}
            onSend={actions.sendChat}
            onDelete={(id) => void actions.deleteChat(id)}
          />
        </Side>
      </Layout>
      {remoteAudioOf(room).map((track) => (
        <TrackAudio key={track.sid ?? track.mediaStreamTrack.id} track={track} />
      ))}
    </>
  );
}
