import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { IdentitySettings } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Where messages go: the SMTP server's host, or the outbox folder. */
  readonly destination: string;
  send(mail: Mail): Promise<void>;
}

/**
 * Mail goes to `SMTP_URL` when it is set; otherwise each message is written whole as an `.eml`
 * file to `DATA_DIR/outbox/`, where a developer (or a test) can open it.
 */
export function createMailer(
  settings: Pick<IdentitySettings, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
): Mailer {
  const { MAIL_FROM: from, SMTP_URL: smtpUrl } = settings;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      destination: new URL(smtpUrl).host,
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const folder = join(resolve(settings.DATA_DIR), 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: folder,
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
      // Written under another name first, so a reader never sees half a message.
      const partial = join(folder, `${name}.part`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, join(folder, `${name}.eml`));
    },
  };
}
