export { isRemoteLoadFailure, type RemoteLoadFailure } from './fallback-plugin.ts';
export { RemoteApp } from './remote-app.tsx';
export {
  configureRemotes,
  loadedRemoteApp,
  loadRemoteApp,
  provideRemoteApp,
  type RemoteAppModule,
  type RemoteAppProps,
  RemoteUnavailableError,
  resetRemote,
} from './remotes.ts';
