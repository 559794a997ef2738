import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Type } from 'typebox';
import { loadOnce } from './load-once.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Further header lines (`List-Unsubscribe`, say), written as given. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Where messages go: the SMTP server's host, or the outbox folder. */
  readonly destination: string;
  send(mail: Mail): Promise<void>;
}

/** The settings a service that sends mail reads: spread them into its `serviceSettings` schema. */
export const mailSettingsFields = () => ({
  /** Where mail goes; unset, each message is an `.eml` file in `DATA_DIR/outbox/`. */
  SMTP_URL: Type.Optional(Type.String({ format: 'uri', writeOnly: true })),
  MAIL_FROM: Type.String({ default: 'LiveEdu <no-reply@liveedu.local>' }),
  DATA_DIR: Type.String({ default: '.data' }),
});

export interface MailSettings {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  DATA_DIR: string;
}

/**
 * Mail goes to `SMTP_URL` when it is set; otherwise each message is written whole as an `.eml`
 * file to `DATA_DIR/outbox/`, where a developer (or a test) can open it.
 */
export function createMailer(settings: MailSettings): Mailer {
  const { MAIL_FROM: from, SMTP_URL: smtpUrl } = settings;
  // The mail library is loaded with the first message: most processes send none for hours.
  if (smtpUrl) {
    const transport = loadOnce(() => import('nodemailer').then((m) => m.default.createTransport(smtpUrl)));
    return {
      destination: new URL(smtpUrl).host,
      async send(mail) {
        await (await transport()).sendMail({ from, ...mail });
      },
    };
  }
  const folder = join(resolve(settings.DATA_DIR), 'outbox');
  const transport = loadOnce(() =>
    import('nodemailer').then((m) =>
      m.default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ),
  );
  return {
    destination: folder,
    async send(mail) {
      const info = await (await transport()).sendMail({ from, ...mail });
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
      // Written under another name first, so a reader never sees half a message.
      const partial = join(folder, `${name}.part`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, join(folder, `${name}.eml`));
    },
  };
}
