export {
  keepsFiles,
  mongoPasswordVariable,
  mongoUrlVariable,
  natsPasswordVariable,
  s3AccessKeyVariable,
  s3SecretVariable,
} from './access.ts';
export { COMPONENTS, type Component, component, imageOf, WEB_PORT, WORKERS } from './components.ts';
export { generatedFiles } from './generated-files.ts';
export { appEnv, webFiles } from './image-profile.ts';
export { SERVER_SECRETS, settingsOf } from './settings.ts';
