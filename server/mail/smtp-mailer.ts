import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** The sender: the URL's `from` parameter, else no-reply at the public host name. */
export function smtpSettings(
  smtpUrl: string,
  publicUrl: string | undefined,
): { transportUrl: string; from: string } {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from');
  url.searchParams.delete('from');
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return { transportUrl: url.toString(), from: from ?? `Lodgehall <no-reply@${host}>` };
}

/** Sends through the SMTP server of `SMTP_URL` (see mailer.ts). */
export function createSmtpMailer(
  smtpUrl: string,
  publicUrl: string | undefined,
  log: FastifyBaseLogger,
): Mailer {
  const { transportUrl, from } = smtpSettings(smtpUrl, publicUrl);
  // Pooled (D79): an Announce's mail jobs reuse a few open connections instead of a connection
  // per message, ten times faster to a local server (bench/announce-mail.ts). `pool=false` on
  // the URL turns it off.
  const transport = nodemailer.createTransport({ url: transportUrl, pool: true });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
      log.info({ messageId: info.messageId, channel: 'email' }, 'e-mail handed to SMTP');
    },
    async close() {
      transport.close();
    },
  };
}
