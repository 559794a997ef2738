/** The spec's routes this remote owns, for standalone development; the host maps the same paths. */
export const ROUTES: { path: string; page: string }[] = [
  { path: '/profile/*', page: 'profile' },
  { path: '/learn/:courseid/user/:userid', page: 'player' },
];
