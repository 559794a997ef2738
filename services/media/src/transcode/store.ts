import type { CollectionIndexes } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

export const TRANSCODE_JOBS = 'transcode_jobs';

/** One video's transcoding job (`_id` is the video's id), claimed under a lease. */
export interface TranscodeJob {
  _id: string;
  attempts: number;
  leaseUntil: Date;
  enqueuedAt: Date;
}

export const transcodeJobsOf = (db: Db) => db.collection<TranscodeJob>(TRANSCODE_JOBS);

export const transcodeIndexes: CollectionIndexes[] = [
  { collection: TRANSCODE_JOBS, indexes: [{ key: { leaseUntil: 1 }, name: 'by_lease' }] },
];
