import { conflict, HttpError, type ServiceApp } from '@liveedu/service-kit';
import type { Db, ObjectId } from 'mongodb';
import { changeUser, LIVE, USERS, type UserDoc } from '../accounts/store.ts';
import { applicationRefusal, type DecisionOption } from './domain.ts';

/** The private bucket of applicants' resumes (`UserDoc.resumeKey` names the object). */
export const RESUMES = 'resumes';

/** Records an application if the user may apply now; the check and the write are one. */
export async function applyAsTutor(
  app: ServiceApp,
  userId: ObjectId,
  application: { ytLink?: string; resumeKey?: string },
  requestId: string,
): Promise<void> {
  const { before } = await changeUser(
    app,
    userId,
    (user) => {
      const refusal = applicationRefusal(user, new Date());
      if (refusal) throw new HttpError(refusal.status, refusal.message);
      const unset: Array<keyof UserDoc> = ['decidedAt'];
      if (!application.ytLink) unset.push('ytLink');
      if (!application.resumeKey) unset.push('resumeKey');
      return {
        set: { ...application, appliedAt: new Date(), stausOfPage: 'in progress' },
        unset,
        changed: ['stausOfPage'],
      };
    },
    { requestId },
  );
  if (before.resumeKey && before.resumeKey !== application.resumeKey) {
    await app.storage.remove(RESUMES, before.resumeKey).catch(() => {});
  }
}

/** Every live user who applied, newest application first. */
export const applicants = (db: Db) =>
  USERS.in(db)
    .find({ appliedAt: { $exists: true }, ...LIVE })
    .sort({ appliedAt: -1 })
    .toArray();

/** The admin's decision on an application: in progress, accept (the user becomes a tutor) or reject. */
export const decideApplication = (
  app: ServiceApp,
  userId: ObjectId,
  option: DecisionOption,
  requestId: string,
) =>
  changeUser(
    app,
    userId,
    (user) => {
      if (!user.appliedAt) throw new HttpError(404, 'Tutor request not found');
      if (user.stausOfPage === option) return {};
      // A tutor may already have courses and students; an approval is not taken back here.
      if (user.stausOfPage === 'accept' || user.role === 'tutor') {
        throw conflict('This application was accepted and the user is already a tutor');
      }
      if (option === 'accept') {
        return {
          set: { stausOfPage: 'accept', role: 'tutor', decidedAt: new Date() },
          changed: ['stausOfPage', 'role'],
        };
      }
      if (option === 'reject') {
        return { set: { stausOfPage: 'reject', decidedAt: new Date() }, changed: ['stausOfPage'] };
      }
      return { set: { stausOfPage: 'in progress' }, unset: ['decidedAt'], changed: ['stausOfPage'] };
    },
    { requestId, missing: 'Tutor request not found' },
  );
