import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { REQUEST_ID_HEADER } from '@liveedu/contracts';
import { SERVICES } from '@liveedu/platform-registry';
import fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import { type KitConfig, loadKitConfig, type ServiceSettings } from './config.ts';
import { type EventHandler, type RunningConsumers, startConsumers } from './events/consumers.ts';
import { connectEventBus, type EventBus } from './events/event-bus.ts';
import { type OutboxRelay, outboxIndex, startOutboxRelay } from './events/outbox.ts';
import { installErrorHandling } from './http/errors.ts';
import { installIdentity } from './http/identity.ts';
import { logRequest } from './http/log-redaction.ts';
import { installObservability } from './http/observability.ts';
import { declareValidationAnswers, documentMultipart, errorMessageKeyword } from './http/schemas.ts';
import { addMissingImageVariants } from './images.ts';
import { type CollectionIndexes, connectMongo, ensureIndexes, type MongoHandle } from './mongo.ts';
import { createStorage, type Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: KitConfig;
    db: Db;
    /** Writes that carry integration events, and the relay that publishes them. */
    outbox: OutboxRelay;
    /** The S3 buckets of a service whose definition names any (absent otherwise). */
    storage: Storage;
  }
}

export type ServiceApp = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ServiceDefinition {
  name: string;
  /** It signs users' tokens (identity): only then is it given `JWT_SECRET`. */
  userTokens?: boolean;
  /** The service's own variables beyond the kit's, parsed at start (`serviceSettings(schema)`). */
  settings?: ServiceSettings;
  /** Indexes created at start; every query a page makes is served by one. */
  indexes?: CollectionIndexes[];
  /** Collections whose documents carry an outbox; `outbox` itself is always relayed. */
  outboxCollections?: string[];
  handlers?: EventHandler[];
  /**
   * Its buckets, made when a file is first written or read. `images`: the bucket holds pictures with resized copies
   * (`storeImage`, `putImage`); images stored before copies were made get theirs after start.
   */
  buckets?: { name: string; access: 'public-read' | 'private'; images?: boolean }[];
  /**
   * Decorates the root instance with the service's own shared abilities (read models, caches),
   * so that routes and `onReady` see the same ones. Runs before the routes are registered.
   */
  decorate?(app: ServiceApp): Promise<void> | void;
  /** Plugins every route of the service uses (a JWT signer, ETags), registered before them. */
  plugins?(app: ServiceApp): Promise<void>;
  /** The service's routes, one plugin per resource, registered in this order. */
  routes: RoutePlugin[];
  /** Runs once everything is connected and before listening: seeding, the admin account. */
  onReady?(app: ServiceApp): Promise<void>;
  /** Extra readiness checks and gauges. */
  openapi?: { title: string; description?: string };
}

/** A feature's routes (a plugin exported by `src/<feature>/routes.ts`, listed in `app.ts`). */
export type RoutePlugin = (app: ServiceApp) => Promise<void>;

export interface Service {
  app: ServiceApp;
  config: KitConfig;
  bus: EventBus | null;
  consumers: RunningConsumers | null;
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface CreateServiceOptions {
  env?: NodeJS.ProcessEnv;
  /** Replaces values read from the environment (tests give each file its own names). */
  config?: Partial<KitConfig>;
}

export async function createService(
  def: ServiceDefinition,
  opts: CreateServiceOptions = {},
): Promise<Service> {
  const env = opts.env ?? process.env;
  // Both parsed before anything connects: a bad value stops the start, naming the variable.
  const kit = loadKitConfig(def.name, env, {
    userTokens: def.userTokens ?? false,
    storage: (def.buckets?.length ?? 0) > 0,
  });
  const config: KitConfig = {
    ...kit,
    settings: def.settings?.parse(env, kit.production) ?? {},
    ...opts.config,
  };
  const app = fastify({
    logger: {
      level: config.logLevel,
      base: { service: def.name },
      redact: ['req.headers.authorization', 'req.headers["x-liveedu-identity"]', '*.password', '*.newPass'],
      serializers: { req: logRequest },
    },
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // A path segment of up to 100 characters fits however many bytes each takes encoded (the
    // gateway refuses longer ones, as its document says).
    routerOptions: { maxParamLength: 1024 },
    // A `__proto__` or `constructor.prototype` key in a JSON body is dropped, never applied; the
    // rest of the body is read as sent.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    ajv: {
      // `verbose` hands the error handler the failed schema, whose `errorMessage` it answers.
      customOptions: { removeAdditional: true, coerceTypes: false, allErrors: false, verbose: true },
      plugins: [errorMessageKeyword],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const closers: Array<() => Promise<unknown>> = [];
  let bus: EventBus | null = null;
  let consumers: RunningConsumers | null = null;
  let mongo: MongoHandle | null = null;
  try {
    mongo = await connectMongo(config.mongoUrl, config.dbName);
    const outboxCollections = def.outboxCollections ?? [];
    await ensureIndexes(mongo.db, [
      ...(def.indexes ?? []),
      ...[...outboxCollections, 'outbox'].map((collection) => ({ collection, indexes: [outboxIndex] })),
    ]);
    bus = await connectEventBus({
      url: config.natsUrl,
      prefix: config.eventPrefix,
      name: def.name,
      log: app.log,
    });
    // Its stream, where it publishes (a registered service that publishes nothing has none).
    if (SERVICES.find((s) => s.name === def.name)?.publishes.length !== 0) await bus.ensureStream(def.name);
    const relay = startOutboxRelay({
      db: mongo.db,
      collections: outboxCollections,
      publish: (bus as EventBus).publish,
      log: app.log,
      sweepIntervalMs: config.outboxSweepMs,
    });
    consumers = await startConsumers({
      bus,
      db: mongo.db,
      outbox: relay,
      config,
      service: def.name,
      handlers: def.handlers ?? [],
      log: app.log,
    });
    // Only a service whose definition names buckets holds a storage; its buckets are made on first use.
    const storage = def.buckets?.length ? createStorage(config.s3, def.buckets) : undefined;

    // Closed in reverse: stop consuming, let the relay finish what it is publishing (anything
    // still waiting stays on its document for the next start's sweep), then drop connections.
    const m = mongo;
    const b = bus;
    const c = consumers;
    closers.push(
      () => m.close(),
      () => b.close(),
      () => relay.stop(),
      () => c.stop(),
    );

    app.decorate('config', config);
    app.decorate('db', mongo.db);
    app.decorate('outbox', relay);
    if (storage) app.decorate('storage', storage);
    app.addHook('onSend', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });

    installErrorHandling(app);
    declareValidationAnswers(app);
    installIdentity(app, config.internalSecret);
    await app.register(formbody);
    await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 4 } });
    await app.register(swagger, {
      transform: documentMultipart,
      openapi: {
        info: {
          title: def.openapi?.title ?? `LiveEdu ${def.name}`,
          version: '1.0.0',
          ...(def.openapi?.description ? { description: def.openapi.description } : {}),
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    installObservability(app, def.name, {
      readiness: {
        mongo: async () => {
          await m.db.command({ ping: 1 });
        },
        nats: async () => {
          if (b.connection.isClosed()) throw new Error('closed');
        },
      },
      gauges: {
        event_consumer_lag: { help: 'Events not yet processed by this service', read: () => c.lag() },
        outbox_pending: {
          help: 'Documents with events not yet published',
          read: async () => relay.pending(),
        },
      },
    });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    if (def.decorate) await def.decorate(app);
    await app.register(async (scoped) => {
      const routes = scoped as ServiceApp;
      if (def.plugins) await def.plugins(routes);
      for (const plugin of def.routes) await routes.register(plugin);
    });
    await app.ready();
    if (def.onReady) await def.onReady(app);
    for (const bucket of def.buckets ?? []) {
      if (!bucket.images) continue;
      // In the background: the service answers meanwhile, with the originals where copies are missing.
      addMissingImageVariants(app.storage, app.db, bucket.name, app.log).catch((error) =>
        app.log.warn({ err: error, bucket: bucket.name }, 'could not check images for resized copies'),
      );
    }
  } catch (error) {
    await app.close().catch(() => {});
    for (const close of closers.reverse()) await close().catch(() => {});
    if (closers.length === 0) {
      await bus?.close().catch(() => {});
      await mongo?.close().catch(() => {});
    }
    throw error;
  }

  let closed = false;
  return {
    app,
    config,
    bus,
    consumers,
    async listen() {
      return app.listen({ host: config.host, port: config.port });
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      for (const close of [...closers].reverse()) await close().catch(() => {});
    },
  };
}
