/** The remotes the host's routes delegate to (see `route-table.ts`). */
export type RemoteName = 'catalog' | 'learner' | 'tutor' | 'admin';
