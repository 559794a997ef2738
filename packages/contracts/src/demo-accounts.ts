/**
 * The demo data set of local mode (SEED_DEMO): identity creates these accounts, the catalog
 * gives the tutor courses and the students enrollments and reviews. Fixed ids let both seed
 * independently and idempotently without calling each other.
 */
export const DEMO_TUTOR = {
  id: '64d0c0de0000000000000001',
  username: 'priya_sharma',
  email: 'priya@liveedu.local',
};

export const DEMO_STUDENTS = [
  { id: '64d0c0de0000000000000101', username: 'arjun_k', email: 'arjun@liveedu.local' },
  { id: '64d0c0de0000000000000102', username: 'meera_n', email: 'meera@liveedu.local' },
  { id: '64d0c0de0000000000000103', username: 'rahul_v', email: 'rahul@liveedu.local' },
  { id: '64d0c0de0000000000000104', username: 'sneha_p', email: 'sneha@liveedu.local' },
] as const;

/** Password of every demo account unless DEMO_PASSWORD says otherwise. */
export const DEFAULT_DEMO_PASSWORD = 'liveedu-demo';

/**
 * The demo tutor's lecture videos (media service): made locally with ffmpeg and transcoded like
 * any upload, so the demo plays with no internet. The demo courses' items play them in turn.
 */
export const DEMO_VIDEOS = [
  { id: '64d0c0de00000000000d0001', title: 'Welcome to the course', seconds: 8, tone: 440 },
  { id: '64d0c0de00000000000d0002', title: 'Getting set up', seconds: 6, tone: 523 },
  { id: '64d0c0de00000000000d0003', title: 'The core ideas', seconds: 8, tone: 587 },
  { id: '64d0c0de00000000000d0004', title: 'Putting it into practice', seconds: 6, tone: 659 },
] as const;
