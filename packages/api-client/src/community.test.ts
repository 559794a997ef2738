import { describe, expect, it } from 'vitest';
import { createCommunityClient } from './community.ts';
import { json, recordedClients } from './testing/recorded-fetch.ts';
import { TooManyPostsError } from './untyped-calls.ts';

/** A client whose requests are recorded and answered by `reply`. */
const client = recordedClients({ community: createCommunityClient });

describe('the community client', () => {
  it("lists a lesson's questions in an order, with the caller's credentials", async () => {
    const { community, sent } = client(() => json({ questions: [], page: 2, pages: 2, total: 21 }));
    await community.questions('c1', { itemId: 'i1', sort: 'top', page: 2 });
    await community.questions('c1', { q: 'base case' });
    expect(sent.map((s) => s.url)).toEqual([
      'http://platform.test/api/v1/courses/c1/questions?itemId=i1&sort=top&page=2',
      'http://platform.test/api/v1/courses/c1/questions?q=base+case',
    ]);
    expect(sent[0]?.headers).toMatchObject({ authorization: 'Bearer t1', id: 'u1' });
  });

  it('asks about a second of a lesson, and answers, upvotes, follows and reports by the paths agreed', async () => {
    const { community, sent } = client(() => json({}, 201));
    await community.askQuestion('c1', { title: 'Why five?', body: 'It says 5', itemId: 'i1', atSec: 135 });
    await community.answerQuestion('q1', 'Because');
    await community.upvoteAnswer('q1', 'a1');
    await community.followQuestion('q1', false);
    await community.acceptAnswer('q1', 'a1');
    await community.report({ answerId: 'a1', reason: 'Rude words' });
    await community.deleteAnswer('q1', 'a1');
    expect(sent.map((s) => `${s.method} ${s.url.replace('http://platform.test', '')}`)).toEqual([
      'POST /api/v1/courses/c1/questions',
      'POST /api/v1/questions/q1/answers',
      'POST /api/v1/questions/q1/answers/a1/upvote',
      'PUT /api/v1/questions/q1/follow',
      'PUT /api/v1/questions/q1/accepted',
      'POST /api/v1/reports',
      'DELETE /api/v1/questions/q1/answers/a1',
    ]);
    expect(sent[0]?.body).toEqual({ title: 'Why five?', body: 'It says 5', itemId: 'i1', atSec: 135 });
    expect(sent[3]?.body).toEqual({ follow: false });
    expect(sent[4]?.body).toEqual({ answerId: 'a1' });
  });

  it("says how long to wait when posting too fast, from the server's Retry-After", async () => {
    const { community } = client(() =>
      json({ message: 'Too many posts, slow down' }, 429, { 'retry-after': '42' }),
    );
    const refused = community.askQuestion('c1', { title: 'Again?', body: 'Again' });
    await expect(refused).rejects.toBeInstanceOf(TooManyPostsError);
    await expect(refused).rejects.toMatchObject({ status: 429, retryAfterSec: 42 });
  });
});
