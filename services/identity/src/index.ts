export { LOCAL_ADMIN_PASSWORD } from './admin-account.ts';
export { identityService } from './app.ts';
