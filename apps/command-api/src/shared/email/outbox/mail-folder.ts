import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AccountEmail } from '../email-channel';
import type { EmailTransport, EmailTransportOutcome } from '../email-transport';

/** Where the embedded email channel delivers: DATA_DIR/mail, one text file per email. */
export const mailFolder = (dataDir: string) => join(dataDir, 'mail');

/**
 * Writes the whole email, secrets included, for the recipient's eyes only: a spool on the server's
 * disk, as a mail server would keep it, readable by whoever runs the server (who can read the data
 * files anyway) and by no API call. File names sort by time.
 */
export async function deliverToMailFolder(dataDir: string, id: string, email: AccountEmail, now: Date): Promise<void> {
  const folder = mailFolder(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = `${now.toISOString().replace(/[:.]/g, '-')}-${id}.txt`;
  const message = [`To: ${email.to}`, `Subject: ${email.subject}`, `Date: ${now.toUTCString()}`, '', email.text, ''].join('\n');
  await writeFile(join(folder, file), message, { mode: 0o600 });
}

/** The embedded transport (no SMTP_URL): the mail folder. A disk that cannot be written is worth another try. */
export class MailFolderTransport implements EmailTransport {
  constructor(private readonly dataDir: string) {}

  async deliver(email: AccountEmail, id: string, now: Date): Promise<EmailTransportOutcome> {
    try {
      await deliverToMailFolder(this.dataDir, id, email, now);
      return { status: 'sent' };
    } catch (error) {
      return { status: 'failed', permanent: false, badMailbox: false, reason: `The mail folder could not be written: ${(error as Error).message}` };
    }
  }

  async close(): Promise<void> {}
}
