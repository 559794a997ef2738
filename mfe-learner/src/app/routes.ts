import { pageRoutesOf } from '@liveedu/platform-registry';

/** The spec's routes this remote owns, for standalone development; the host maps the same paths. */
export const ROUTES: { path: string; page: string }[] = pageRoutesOf('learner');
