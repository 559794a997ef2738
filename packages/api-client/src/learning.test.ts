import { describe, expect, it } from 'vitest';
import { createLearningClient } from './learning.ts';
import { fileAnswer, json, recordedClients } from './testing/recorded-fetch.ts';

/** A client whose requests are recorded and answered by `reply`. */
const client = recordedClients({ learning: createLearningClient });

describe('the learning client', () => {
  it("sends the learner's credentials and reads a note list for one item", async () => {
    const { learning, sent } = client(() => json({ notes: [], total: 0, page: 1, pages: 0 }));
    await learning.notes('c1', 'i1');
    expect(sent[0]?.url).toBe('http://platform.test/api/v1/notes?courseId=c1&itemId=i1&limit=100');
    expect(sent[0]?.headers).toMatchObject({ authorization: 'Bearer t1', id: 'u1' });
  });

  it('takes the exported notes as a file, and names where a hand-in goes', async () => {
    const { learning, sent } = client(() => fileAnswer('# Notes\n', 'text/markdown'));
    const file = await learning.exportNotes('c1');
    expect(await file.text()).toBe('# Notes\n');
    expect(sent[0]?.url).toBe('http://platform.test/api/v1/notes/export?courseId=c1');
    expect(sent[0]?.headers).toMatchObject({ authorization: 'Bearer t1' });
    expect(learning.submissionUrl('c 1', 'i1')).toBe('/api/v1/assignments/c%201/i1/submissions');
  });

  it("refuses with the server's message: no attempt left", async () => {
    const { learning } = client(() => json({ message: 'You have used every attempt at this quiz' }, 409));
    await expect(learning.attemptQuiz('c1', 'i1', [])).rejects.toMatchObject({
      status: 409,
      message: 'You have used every attempt at this quiz',
    });
  });
});
