import { RemoteApp } from '@liveedu/remote-loader';

/** Pages of the tutor remote shown inside the profile frame, by the name the tutor app answers to. */
export type TutorPageName =
  | 'my-courses'
  | 'payment-history'
  | 'tutor-analytics'
  | 'withdraw-money'
  | 'grading'
  | 'questions'
  | 'coupons';

/**
 * A tutor page inside the learner's profile frame: the tutor remote is loaded through the
 * federation runtime that loaded this remote, as the host loads every remote.
 */
export function TutorPage({ page }: { page: TutorPageName }) {
  return <RemoteApp remote="tutor" page={page} />;
}
