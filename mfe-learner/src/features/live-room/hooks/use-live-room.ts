import type { LiveJoin, LiveSession } from '@liveedu/api-client';
import { messageOf } from '@liveedu/api-client';
import type { Participant, RemoteParticipant, Room } from 'livekit-client';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { chatTextProblem, newChatId } from '../api/chat.ts';
import { decodeRoomMessage, encodeRoomMessage, type RoomMessage } from '../api/room-messages.ts';
import { roomEndOf } from '../api/room-phase.ts';
import { initialRoomState, roomReducer } from '../api/room-state.ts';

/** LiveKit's browser client, loaded only once a member joins a class (it is large). */
export type LiveKit = typeof import('livekit-client');

const loadLiveKit = (): Promise<LiveKit> => import(/* webpackChunkName: "livekit-client" */ 'livekit-client');

/** The attribute a member's raised hand is also kept in, so a host who joins later sees it. */
const HAND_ATTRIBUTE = 'hand';
/** How long the host's "end" message is given to reach everyone before the host leaves. */
const END_MESSAGE_GRACE_MS = 500;
/** The longest wait a browser timer takes (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

const nameOf = (participant: Participant) => participant.name || participant.identity;

/**
 * The member's connection to a class's room on the media server: joining with the pass the live
 * service gave, the room's members and tracks, the chat and raised hands over the data channel, and
 * what the member does there. The host's camera and microphone start on; the room closes for the
 * member when the class ends (its end time, or the host ends it), when the host removes them, or
 * when the connection is lost (they may join again).
 */
export function useLiveRoom(join: LiveJoin, session: LiveSession) {
  const isHost = join.role === 'host';
  const [state, dispatch] = useReducer(roomReducer, session.tutorId, initialRoomState);
  const [connected, setConnected] = useState<Room | null>(null);
  const [notice, setNotice] = useState('');
  const [audioBlocked, setAudioBlocked] = useState(false);
  const roomRef = useRef<Room | null>(null);
  const endsAt = session.endsAt;

  useEffect(() => {
    let stopped = false;
    let room: Room | null = null;
    const changed = () => dispatch({ type: 'changed' });
    (async () => {
      const lk = await loadLiveKit();
      if (stopped) return;
      const { RoomEvent, ConnectionState, DisconnectReason } = lk;
      room = new lk.Room({ adaptiveStream: true, dynacast: true });
      roomRef.current = room;
      const joined = room;
      const handOf = (participant: Participant) => {
        const raised = participant.attributes[HAND_ATTRIBUTE] === 'raised';
        dispatch({
          type: 'message',
          from: { identity: participant.identity, name: nameOf(participant) },
          message: { topic: 'hand', raised },
          at: Date.now(),
        });
      };
      room
        .on(RoomEvent.ConnectionStateChanged, (connectionState) => {
          if (connectionState === ConnectionState.Connected)
            dispatch({ type: 'status', status: 'connected' });
          else if (
            connectionState === ConnectionState.Reconnecting ||
            connectionState === ConnectionState.SignalReconnecting
          )
            dispatch({ type: 'status', status: 'reconnecting' });
        })
        .on(RoomEvent.Disconnected, (reason) => {
          if (stopped) return;
          dispatch({ type: 'closed', end: roomEndOf(reason, DisconnectReason, endsAt, Date.now()) });
        })
        .on(RoomEvent.ParticipantConnected, (participant) => {
          handOf(participant);
          changed();
        })
        .on(RoomEvent.ParticipantDisconnected, (participant) =>
          dispatch({ type: 'left', identity: participant.identity }),
        )
        .on(RoomEvent.ParticipantAttributesChanged, (changedAttributes, participant) => {
          if (HAND_ATTRIBUTE in changedAttributes && participant !== joined.localParticipant)
            handOf(participant);
        })
        .on(RoomEvent.ParticipantPermissionsChanged, (_previous, participant) => {
          if (participant === joined.localParticipant && !participant.permissions?.canPublish) {
            // The host took the floor back: what the member was sending stops.
            void joined.localParticipant.setMicrophoneEnabled(false).catch(() => {});
            void joined.localParticipant.setCameraEnabled(false).catch(() => {});
          }
          changed();
        })
        .on(RoomEvent.DataReceived, (payload, participant, _kind, topic, _encryption, senderIdentity) => {
          const message = decodeRoomMessage(topic, payload);
          // The media server names the sender; a member who publishes nothing may not be among the
          // room's known members yet, and then the name their message carries is shown.
          const identity = participant?.identity ?? senderIdentity;
          if (!message || !identity) return;
          const sender = participant ?? joined.getParticipantByIdentity(identity);
          const named = message.topic === 'chat' ? message.name : undefined;
          dispatch({
            type: 'message',
            from: { identity, name: sender ? nameOf(sender) : named || identity },
            message,
            at: Date.now(),
          });
        })
        .on(RoomEvent.AudioPlaybackStatusChanged, () => setAudioBlocked(!joined.canPlaybackAudio));
      for (const event of [
        RoomEvent.TrackSubscribed,
        RoomEvent.TrackUnsubscribed,
        RoomEvent.TrackMuted,
        RoomEvent.TrackUnmuted,
        RoomEvent.TrackPublished,
        RoomEvent.TrackUnpublished,
        RoomEvent.LocalTrackPublished,
        RoomEvent.LocalTrackUnpublished,
        RoomEvent.ParticipantNameChanged,
      ] as const) {
        room.on(event, changed);
      }
      setConnected(room);
      try {
        await room.connect(join.url, join.token);
      } catch (error) {
        if (!stopped) dispatch({ type: 'closed', end: 'lost', failure: messageOf(error) });
        return;
      }
      if (stopped) return;
      dispatch({ type: 'status', status: 'connected' });
      for (const participant of room.remoteParticipants.values()) handOf(participant);
      changed();
      if (isHost) {
        await room.localParticipant.enableCameraAndMicrophone().catch((error: unknown) => {
          setNotice(`Your camera or microphone could not be started: ${messageOf(error)}`);
        });
        changed();
      }
    })().catch((error: unknown) => {
      if (!stopped) dispatch({ type: 'closed', end: 'lost', failure: messageOf(error) });
    });
    return () => {
      stopped = true;
      roomRef.current = null;
      void room?.disconnect();
    };
  }, [join.url, join.token, isHost, endsAt]);

  // The class's end closes the room for everyone, host and viewers alike.
  useEffect(() => {
    const left = Date.parse(endsAt) - Date.now();
    const timer = window.setTimeout(
      () => {
        dispatch({ type: 'closed', end: 'ended' });
        void roomRef.current?.disconnect();
      },
      Math.min(Math.max(0, left), MAX_TIMER_MS),
    );
    return () => window.clearTimeout(timer);
  }, [endsAt]);

  // Ended or removed: the connection closes too (a viewer told by the host's "end" message).
  const over = state.status === 'ended' || state.status === 'removed';
  useEffect(() => {
    if (over) void roomRef.current?.disconnect();
  }, [over]);

  const send = useCallback(async (message: RoomMessage) => {
    const room = roomRef.current;
    if (!room) return;
    const { topic, payload } = encodeRoomMessage(message);
    await room.localParticipant.publishData(payload, { reliable: true, topic });
  }, []);

  /** Runs a device change, saying what went wrong when the browser refuses it. */
  const device = useCallback(async (what: string, change: (room: Room) => Promise<unknown>) => {
    const room = roomRef.current;
    if (!room) return;
    setNotice('');
    try {
      await change(room);
    } catch (error) {
      setNotice(`${what}: ${messageOf(error)}`);
    }
    dispatch({ type: 'changed' });
  }, []);

  const status = useRef(state.status);
  status.current = state.status;
  const hostId = session.tutorId;
  // The same functions from render to render, so effects that use them run only when they must.
  const actions = useMemo(
    () => ({
      toggleMicrophone: () =>
        device('The microphone could not be changed', (room) =>
          room.localParticipant.setMicrophoneEnabled(!room.localParticipant.isMicrophoneEnabled),
        ),
      toggleCamera: () =>
        device('The camera could not be changed', (room) =>
          room.localParticipant.setCameraEnabled(!room.localParticipant.isCameraEnabled),
        ),
      toggleScreenShare: () =>
        device('The screen could not be shared', (room) =>
          room.localParticipant.setScreenShareEnabled(!room.localParticipant.isScreenShareEnabled, {
            audio: true,
          }),
        ),
      startAudio: () => device('Sound could not be started', (room) => room.startAudio()),
      /** Sends a chat message to everyone (and shows it here); answers why not when it cannot be sent. */
      sendChat: async (text: string): Promise<string | null> => {
        const problem = chatTextProblem(text);
        if (problem) return problem;
        const room = roomRef.current;
        if (!room || status.current !== 'connected') return 'You are not connected to the class';
        const message = { id: newChatId(), text: text.trim(), at: new Date().toISOString() };
        const senderName = nameOf(room.localParticipant);
        try {
          await send({ topic: 'chat', ...message, name: senderName });
        } catch (error) {
          return messageOf(error);
        }
        dispatch({
          type: 'chat-sent',
          message: {
            ...message,
            senderId: room.localParticipant.identity,
            senderName,
          },
        });
        return null;
      },
      /** The host takes a chat message down for everyone. */
      deleteChat: async (id: string) => {
        const room = roomRef.current;
        if (!room || !isHost) return;
        await send({ topic: 'chat-delete', id }).catch(() => {});
        dispatch({
          type: 'message',
          from: { identity: room.localParticipant.identity, name: nameOf(room.localParticipant) },
          message: { topic: 'chat-delete', id },
          at: Date.now(),
        });
      },
      /** A viewer raises or lowers their hand. */
      setHand: async (raised: boolean) => {
        const room = roomRef.current;
        if (!room) return;
        dispatch({
          type: 'message',
          from: { identity: room.localParticipant.identity, name: nameOf(room.localParticipant) },
          message: { topic: 'hand', raised },
          at: Date.now(),
        });
        await Promise.all([
          send({ topic: 'hand', raised }),
          room.localParticipant.setAttributes({ [HAND_ATTRIBUTE]: raised ? 'raised' : '' }),
        ]).catch(() => {});
      },
      /** The host ends the class: everyone is told, then the host leaves. */
      endClass: async () => {
        const room = roomRef.current;
        if (!room || !isHost) return;
        await send({ topic: 'end' }).catch(() => {});
        await new Promise((resolve) => window.setTimeout(resolve, END_MESSAGE_GRACE_MS));
        dispatch({
          type: 'message',
          from: { identity: hostId, name: '' },
          message: { topic: 'end' },
          at: Date.now(),
        });
        await room.disconnect();
      },
    }),
    [send, device, isHost, hostId],
  );

  return {
    state,
    room: connected,
    isHost,
    notice,
    audioBlocked,
    actions,
  };
}

export type LiveRoomConnection = ReturnType<typeof useLiveRoom>;

/** The room's members other than the host, as the host's list shows them. */
export function viewersOf(room: Room | null, hostId: string): RemoteParticipant[] {
  if (!room) return [];
  return [...room.remoteParticipants.values()].filter((participant) => participant.identity !== hostId);
}
