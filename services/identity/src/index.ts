export type { UserDoc } from './accounts/store.ts';
export { identityService } from './app.ts';
export { LOCAL_ADMIN_PASSWORD } from './config.ts';
