export { type Static, Type } from '@fastify/type-provider-typebox';
export { type EventNames, eventNames } from '@liveedu/platform-registry';
export { seriesPerKey } from './calendar-series.ts';
export {
  type CheckedFile,
  FILE_KINDS,
  type FileKind,
  type FileRule,
  fileKindOf,
  storeCheckedFile,
} from './checked-files.ts';
export {
  ConfigError,
  DEFAULT_SERVICE_PORTS,
  HttpUrl,
  type KitConfig,
  kitEnvSchema,
  loadKitConfig,
  PortNumber,
  type S3Config,
  type ServiceSettings,
  ServiceUrl,
  serviceSettings,
  trimSlashes,
} from './config.ts';
export {
  type CreateServiceOptions,
  createService,
  type RoutePlugin,
  type Service,
  type ServiceApp,
  type ServiceDefinition,
} from './create-service.ts';
export { parseEnv } from './env.ts';
export { type EventHandler, type HandlerContext, PROCESSED_COLLECTION } from './events/consumers.ts';
export type { EventBus } from './events/event-bus.ts';
export { type EventFollower, type FollowOptions, followEvents, lastSequence } from './events/follower.ts';
export { natsServerOptions, natsUrlWithUser } from './events/nats-connect.ts';
export {
  newEvent,
  OUTBOX_COLLECTION,
  OUTBOX_FIELD,
  OUTBOX_PENDING,
  type Outbox,
  type OutboxRelay,
  outboxWrites,
} from './events/outbox.ts';
export { type CalendarChart, calendarChart } from './http/calendar-chart.ts';
export {
  type CatalogClient,
  type CourseMember,
  catalogClient,
  type LearnerItem,
} from './http/catalog-client.ts';
export {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  installErrorHandling,
  notFound,
  tooLarge,
  unauthorized,
} from './http/errors.ts';
export {
  caller,
  createIdentitySigner,
  createIdentityVerifier,
  createServiceTokenSigner,
  requireRole,
  requireServiceToken,
  requireUser,
  SERVICE_TOKEN_HEADER,
} from './http/identity.ts';
export {
  type InternalAnswer,
  type InternalClient,
  type InternalInput,
  internalClient,
  internalSchema,
} from './http/internal-client.ts';
export { logRequest, REDACTED, redactAddresses, redactUrl } from './http/log-redaction.ts';
export { installObservability } from './http/observability.ts';
export {
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  type PageRequest,
  paging,
} from './http/paging.ts';
export {
  errorResponses,
  FilePart,
  HAS_TEXT,
  MessageReply,
  NonBlank,
  ObjectIdString,
  RuledString,
  type StringRule,
  WrittenText,
} from './http/schemas.ts';
export { registerSharedRateLimit } from './http/service-rate-limit.ts';
export {
  type Count,
  MAX_HOLD_MS,
  nextCount,
  type SharedRateLimits,
  sharedRateLimits,
} from './http/shared-rate-limit.ts';
export { isUnavailable } from './http/unavailable.ts';
export { addMissingImageVariants, type ImageKind, putImage } from './images.ts';
export {
  buildKeyedLists,
  type KeyedList,
  type KeyedListEntry,
  type KeyedListSource,
  keyedList,
  keyedListDocs,
} from './keyed-list.ts';
export { loadOnce } from './load-once.ts';
export { createMailer, type Mail, type Mailer, type MailSettings, mailSettingsFields } from './mailer.ts';
export { type CollectionIndexes, isDuplicateKey, type StoredCollection, storedCollection } from './mongo.ts';
export { runPeriodically } from './periodic.ts';
export { runService } from './run.ts';
export { PUBLISHED_VALUES, required, type SecretRule, secret, secretWeakness } from './secrets.ts';
export {
  type MultipartResult,
  receiveMultipart,
  type Storage,
  type StoredObject,
  storeImage,
  type UploadRule,
} from './storage.ts';
