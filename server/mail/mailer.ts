import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { writeOutboxMessage } from './outbox.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** A file sent with a mail, e.g. a reminder's event as iCalendar (D83). */
export interface MailAttachment {
  filename: string;
  /** e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  /** The file's text. */
  content: string;
}

/** One plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The Message-ID header; mail jobs derive it from their key (mail-jobs.ts, D79). */
  messageId?: string;
  /** Further headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (D81). */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/**
 * How the server sends e-mail. Services call `send` and never know which adapter they have:
 *
 * - `smtp`: when `SMTP_URL` is set (`smtp://user:pass@host:587` or `smtps://…:465`), messages
 *   go through that server with nodemailer. A `from` query parameter on the URL sets the sender
 *   (`smtp://host:587?from=Lodgehall%20%3Cno-reply%40lodge.example.org%3E`); otherwise it is
 *   `Lodgehall <no-reply@HOST>` with HOST from PUBLIC_URL.
 * - `outbox`: otherwise (the embedded default), messages are kept in `outbox_messages` and a log
 *   line says one was written, without its body: a one-time code belongs in the outbox, where
 *   `npm run lodgehall -- outbox` shows it, not in log files.
 *
 * `send` resolves once the message is handed over (or stored) and rejects when it cannot be.
 * Services do not call it: they queue the mail (mail-jobs.ts `enqueueMail`), and the mail job
 * calls it (D79).
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Closes the SMTP connections it keeps open. */
  close(): Promise<void>;
}

export function createOutboxMailer(db: Kysely<Database>, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const id = await writeOutboxMessage(db, {
        channel: 'email',
        to: message.to,
        subject: message.subject,
        // The outbox keeps text only: it notes that a file went with the mail (D83).
        body: [
          message.text,
          ...(message.attachments ?? []).map(
            (file) => `[Attached: ${file.filename} (${file.contentType})]`,
          ),
        ].join('\n\n'),
      });
      log.info(
        { outboxId: id, channel: 'email' },
        'e-mail kept in the outbox (no SMTP_URL); read it with: npm run lodgehall -- outbox',
      );
    },
    async close() {},
  };
}

export function createMailer(
  config: AppConfig,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.PUBLIC_URL, log)
    : createOutboxMailer(db, log);
}
