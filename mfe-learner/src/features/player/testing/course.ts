/** A course of every kind of item, for the player's tests: a hosted video, an article, a quiz and an assignment. */
export function mixedCourse(overrides: { locked?: string[] } = {}) {
  const locked = new Set(overrides.locked ?? []);
  const lock = (id: string) => (locked.has(id) ? { locked: true } : {});
  return {
    title: 'Learning by doing',
    courseContent: [
      [
        {
          _id: 'v1',
          sectionTitle: 'Start',
          videoTitle: 'Welcome',
          videoDesc: 'Hello',
          videoLink: '',
          videoId: 'vid1',
          kind: 'video',
          ...lock('v1'),
        },
        {
          _id: 'a1',
          sectionTitle: 'Start',
          videoTitle: 'Reading',
          videoDesc: '',
          videoLink: '',
          kind: 'article',
          ...(locked.has('a1')
            ? { locked: true }
            : { body: 'Before you start.\n\n## Read me\n\nSome **bold** words.' }),
        },
      ],
      [
        {
          _id: 'q1',
          sectionTitle: 'Check',
          videoTitle: 'Check yourself',
          videoDesc: '',
          videoLink: '',
          kind: 'quiz',
          ...lock('q1'),
        },
        {
          _id: 's1',
          sectionTitle: 'Check',
          videoTitle: 'Build it',
          videoDesc: '',
          videoLink: '',
          kind: 'assignment',
          ...lock('s1'),
        },
      ],
    ],
  };
}

/** Where the player opens on an item: the progress says the learner was last there. */
export function resumeAt(itemId: string) {
  return { percent: 0, completedItems: 0, resume: { itemId, positionSec: 0 }, items: [] };
}
