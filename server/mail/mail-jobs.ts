import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { markInvitationSent } from '../db/console-invitations.ts';
import { isMailDelivered, recordMailDelivery } from '../db/mail-deliveries.ts';
import type { Database } from '../db/schema.ts';
import { defineTask } from '../jobs/job-queue.ts';
import type { JobQueue, TaskDefinition, TaskName } from '../jobs/job-queue.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/*
 * Every e-mail goes out as a job on the durable queue (issue 25, docs/decisions.md D79): it is
 * enqueued in the transaction of what it tells of, sent by whichever node runs the job, retried
 * with the queue's back-off when the mailer fails, and kept failed (`jobs.inspect(key)`) when its
 * attempts are used up. The key names the one logical mail (`announce:<event>:<party>`): a
 * delivery record per key, written once the mailer took the message, keeps a job that runs
 * again (a retry, a node killed after the send) from sending it twice, and the Message-ID is
 * derived from the key, so a receiving server that keeps Message-IDs can drop the copy sent in
 * the window between the SMTP server's 250 and the record.
 */

const mailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  /** Not sent after this instant (epoch ms): a one-time code that has expired says nothing. */
  expiresAt: z.number().nullable(),
  /** An invitation (D69) whose row records when its mail went. */
  invitationId: z.number().int().nullable(),
  /** Further headers (the unsubscribe link, D81); absent in jobs queued before they existed. */
  headers: z.record(z.string(), z.string()).optional(),
  /** Files sent with it (a reminder's .ics, D83); absent in jobs queued before they existed. */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
    .optional(),
});

export type MailJob = z.infer<typeof mailPayload>;

export const MAIL_TASK: TaskName<MailJob> = { name: 'mail', payload: mailPayload };

/** Attempts of a mail job: the queue's back-off spreads them over hours (D78). */
export const MAIL_MAX_ATTEMPTS = 10;

export interface MailOptions {
  /** Not sent after this instant (epoch ms). */
  expiresAt?: number;
  /** Fewer attempts, for a mail that is useless late. */
  maxAttempts?: number;
  invitationId?: number;
}

/**
 * Queues one e-mail. Pass the caller's transaction so the mail exists only if what it tells of
 * commits. `key` is the mail's identity: once sent, a job with this key never sends again.
 */
export async function enqueueMail(
  jobs: JobQueue,
  db: Kysely<Database>,
  key: string,
  message: MailMessage,
  options: MailOptions = {},
): Promise<void> {
  await jobs.enqueue(db, {
    task: MAIL_TASK,
    key,
    maxAttempts: options.maxAttempts ?? MAIL_MAX_ATTEMPTS,
    payload: {
      to: message.to,
      subject: message.subject,
      text: message.text,
      expiresAt: options.expiresAt ?? null,
      invitationId: options.invitationId ?? null,
      ...(message.headers ? { headers: message.headers } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
    },
  });
}

/** `<hash of the key@host>`: the same mail always carries the same Message-ID. */
export function mailMessageId(key: string, publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'lodgehall.invalid';
  const hash = crypto.createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `<${hash}@${host}>`;
}

export interface MailTaskDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}

/** The handler of mail jobs, registered by the composition root (server/app.ts). */
export function mailTask(deps: MailTaskDependencies): TaskDefinition<MailJob> {
  return defineTask({
    ...MAIL_TASK,
    async run(mail, job) {
      if (!job.key) throw new Error('A mail job needs a key.');
      if (await isMailDelivered(deps.db, job.key)) return;
      if (mail.expiresAt !== null && Date.now() > mail.expiresAt) {
        deps.log.warn({ key: job.key }, 'an e-mail expired before it could be sent');
        return;
      }
      const messageId = mailMessageId(job.key, deps.publicUrl);
      await deps.mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
      const now = Date.now();
      const key = job.key;
      // One transaction: a mail recorded as sent has its invitation marked too.
      await deps.db.transaction().execute(async (trx) => {
        await recordMailDelivery(trx, { key, messageId, to: mail.to }, now);
        if (mail.invitationId !== null) await markInvitationSent(trx, mail.invitationId, now);
      });
    },
  });
}
