import {
  type KitConfig,
  mailSettingsFields,
  ServiceUrl,
  secret,
  serviceSettings,
  Type,
  trimSlashes,
} from '@liveedu/service-kit';

/** Declared once and parsed at start: a bad value stops the start, naming the variable. */
export const notificationsSettings = serviceSettings((production) =>
  Type.Object({
    CATALOG_URL: ServiceUrl('catalog'),
    /** Where mail goes (`SMTP_URL`; unset, `.eml` files in `DATA_DIR/outbox/`) and from whom. */
    ...mailSettingsFields(),
    /** The hour of the day (UTC) the daily digest goes out. */
    DIGEST_HOUR: Type.Integer({ minimum: 0, maximum: 23, default: 7 }),
    /** How often a replica looks for digests due (a digest goes once whichever replica finds it). */
    DIGEST_CHECK_SECONDS: Type.Integer({ minimum: 1, maximum: 3_600, default: 300 }),
    /** How often an open stream looks for its user's new notifications, in milliseconds. */
    STREAM_CHECK_MS: Type.Integer({ minimum: 100, maximum: 10_000, default: 750 }),
    /** Signs mails' unsubscribe links; unset, the service's internal secret does (production: a random one). */
    UNSUBSCRIBE_SECRET: Type.Optional(
      production ? secret(production, '') : Type.String({ minLength: 32, writeOnly: true }),
    ),
  }),
);

export type NotificationsSettings = ReturnType<typeof notificationsSettings.of>;

/** What the notifications service reads beyond the kit's configuration. */
export interface NotificationsConfig {
  /** Where the catalog's API answers: the students an announcement goes to. */
  catalogUrl: string;
  /** The site's public origin (`PUBLIC_URL`, as identity's reset mail uses): links in mails. */
  publicUrl: string;
  /** The key unsubscribe tokens are signed with. */
  unsubscribeSecret: string;
  digestHour: number;
  digestCheckMs: number;
  streamCheckMs: number;
  mail: Pick<NotificationsSettings, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;
}

export function notificationsConfig(
  config: Pick<KitConfig, 'settings' | 'publicUrl' | 'internalSecret'>,
): NotificationsConfig {
  const settings = notificationsSettings.of({ config });
  return {
    catalogUrl: trimSlashes(settings.CATALOG_URL),
    publicUrl: trimSlashes(config.publicUrl),
    unsubscribeSecret: settings.UNSUBSCRIBE_SECRET ?? config.internalSecret,
    digestHour: settings.DIGEST_HOUR,
    digestCheckMs: settings.DIGEST_CHECK_SECONDS * 1000,
    streamCheckMs: settings.STREAM_CHECK_MS,
    mail: { SMTP_URL: settings.SMTP_URL, MAIL_FROM: settings.MAIL_FROM, DATA_DIR: settings.DATA_DIR },
  };
}
