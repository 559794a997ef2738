import { storedCollection } from '@liveedu/service-kit';

/** One video's transcoding job (`_id` is the video's id), claimed under a lease. */
export interface TranscodeJob {
  _id: string;
  attempts: number;
  leaseUntil: Date;
  enqueuedAt: Date;
}

export const TRANSCODE_JOBS = storedCollection<TranscodeJob>('transcode_jobs', [
  { key: { leaseUntil: 1 }, name: 'by_lease' },
]);
