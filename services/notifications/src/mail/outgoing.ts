import { createMailer, type KitConfig, type Mailer } from '@liveedu/service-kit';
import { notificationsConfig } from '../config.ts';
import type { Kind } from '../preferences/domain.ts';
import { signUnsubscribe, unsubscribeUrl } from './domain.ts';

/** What sending a notification by mail needs: the mailer, the site's origin and the signing key. */
export interface Outgoing {
  mailer: Mailer;
  publicUrl: string;
  /** The unsubscribe address that stops these kinds of mail for the user. */
  unsubscribe(userId: string, kinds: Kind[]): string;
}

const made = new WeakMap<object, Outgoing>();

/** The service's outgoing mail, made once per configuration (handlers get the configuration, not the app). */
export function outgoingMail(config: Pick<KitConfig, 'settings' | 'publicUrl' | 'internalSecret'>): Outgoing {
  const known = made.get(config);
  if (known) return known;
  const settings = notificationsConfig(config);
  const outgoing: Outgoing = {
    mailer: createMailer(settings.mail),
    // Read when a mail is written, so a changed origin (tests point it at their gateway) applies.
    get publicUrl() {
      return notificationsConfig(config).publicUrl;
    },
    unsubscribe(userId, kinds) {
      const token = signUnsubscribe(settings.unsubscribeSecret, { userId, kinds });
      return unsubscribeUrl(notificationsConfig(config).publicUrl, token);
    },
  };
  made.set(config, outgoing);
  return outgoing;
}
