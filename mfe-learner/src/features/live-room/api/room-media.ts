import type { Participant, Room, Track } from 'livekit-client';

/** Track sources by the names LiveKit gives them (`Track.Source`). */
const SOURCE = {
  camera: 'camera',
  microphone: 'microphone',
  screenShare: 'screen_share',
  screenShareAudio: 'screen_share_audio',
} as const;

/** A member's track of a source, when it is there and not muted. */
export function trackOf(
  participant: Participant | undefined,
  source: keyof typeof SOURCE,
): Track | undefined {
  const publication = participant?.getTrackPublication(SOURCE[source] as Track.Source);
  return publication?.track && !publication.isMuted ? publication.track : undefined;
}

/** Whether a member sends a track of a source at all (muted or not). */
export function hasTrack(participant: Participant | undefined, source: keyof typeof SOURCE): boolean {
  return participant?.getTrackPublication(SOURCE[source] as Track.Source) !== undefined;
}

/** The host as this member sees them: themselves when they host, else the host's remote member. */
export function hostOf(room: Room | null, hostId: string): Participant | undefined {
  if (!room) return undefined;
  if (room.localParticipant.identity === hostId) return room.localParticipant;
  return room.remoteParticipants.get(hostId);
}

/** What the class's main stage shows: the host's shared screen when there is one, else their camera. */
export function stageOf(room: Room | null, hostId: string): { track: Track | undefined; screen: boolean } {
  const host = hostOf(room, hostId);
  const screen = trackOf(host, 'screenShare');
  return screen ? { track: screen, screen: true } : { track: trackOf(host, 'camera'), screen: false };
}

/** Members other than the host who show their camera (the ones the host let speak), this member too. */
export function speakersOf(room: Room | null, hostId: string): { participant: Participant; track: Track }[] {
  if (!room) return [];
  const members: Participant[] = [room.localParticipant, ...room.remoteParticipants.values()];
  return members.flatMap((participant) => {
    const track = participant.identity === hostId ? undefined : trackOf(participant, 'camera');
    return track ? [{ participant, track }] : [];
  });
}

/** The sound of the others in the room: their microphones and their shared screens' sound. */
export function remoteAudioOf(room: Room | null): Track[] {
  if (!room) return [];
  return [...room.remoteParticipants.values()].flatMap((participant) =>
    participant
      .getTrackPublications()
      .flatMap((publication) =>
        (publication.kind as string) === 'audio' && publication.track && publication.isSubscribed
          ? [publication.track]
          : [],
      ),
  );
}

/** What a recording hears: the host's microphone and shared screen's sound, and everyone else who speaks. */
export function recordedAudioOf(room: Room | null): MediaStreamTrack[] {
  if (!room) return [];
  const own = [
    trackOf(room.localParticipant, 'microphone'),
    trackOf(room.localParticipant, 'screenShareAudio'),
  ];
  return [...own.flatMap((track) => (track ? [track] : [])), ...remoteAudioOf(room)].map(
    (track) => track.mediaStreamTrack,
  );
}
