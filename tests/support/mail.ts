import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The text of a message as written to the outbox, with quoted-printable undone. */
const decode = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    // Runs of encoded bytes are one UTF-8 text (a ₹ is three of them).
    .replace(/(=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(
        run
          .split('=')
          .slice(1)
          .map((hex) => Number.parseInt(hex, 16)),
      ).toString('utf8'),
    );

/** The mails identity wrote to `dataDir`'s outbox for `email`, oldest first. */
export async function mailsTo(dataDir: string, email: string): Promise<string[]> {
  const folder = join(dataDir, 'outbox');
  const names = (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(
    names.map(async (name) => decode(await readFile(join(folder, name), 'utf8'))),
  );
  return mails.filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(mail));
}
