export { buildFrontEnd, WEB_APPS } from './front-end.ts';
export { type Platform, type PlatformOptions, SERVICE_ORDER, startPlatform } from './start-platform.ts';
