export { identityService } from './app.ts';
export { LOCAL_ADMIN_PASSWORD } from './settings.ts';
