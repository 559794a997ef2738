import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { createLiveRoomClient } from './live-room.ts';
import { json, recordedClients } from './testing/recorded-fetch.ts';

/** A client whose requests are recorded and answered by `reply`. */
const client = recordedClients({ room: createLiveRoomClient });

describe('the live room client', () => {
  it('reads and joins a class, and sends the host’s actions by the paths agreed, with the caller’s credentials', async () => {
    const { room, sent } = client(() => json({ message: 'Done' }));
    await room.session('s1');
    await room.join('s1');
    await room.removeParticipant('s1', 'u2');
    await room.allowToSpeak('s1', 'u3', true);
    await room.setRecording('s1', { videoId: 'v1', itemId: 'i1' });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /api/v1/live-sessions/s1',
      'POST /api/v1/live-sessions/s1/join',
      'POST /api/v1/live-sessions/s1/participants/u2/remove',
      'POST /api/v1/live-sessions/s1/participants/u3/speak',
      'PUT /api/v1/live-sessions/s1/recording',
    ]);
    expect(sent[3]?.body).toEqual({ allowed: true });
    expect(sent[4]?.body).toEqual({ videoId: 'v1', itemId: 'i1' });
    for (const request of sent)
      expect(request.headers).toMatchObject({ authorization: 'Bearer t1', id: 'u1' });
  });

  it('gives the server’s reason when a join is refused', async () => {
    const { room } = client(() => json({ message: 'The host removed you from this live class' }, 403));
    const refused = await room.join('s1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect((refused as ApiError).message).toBe('The host removed you from this live class');
  });
});
