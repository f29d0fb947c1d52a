import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { writeOutboxMessage } from '../mail/outbox.ts';

/** One text message to a mobile number (digits only, as the phones table keeps them). */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * How the server sends text messages. Services call `send` and never know the adapter.
 *
 * The default keeps every message in `outbox_messages` (channel `sms`), where
 * `npm run lodgehall -- outbox` shows it: no provider account is needed to run Lodgehall or to
 * try registration.
 *
 * A provider (Twilio, Vonage, Amazon SNS, …) is added by implementing `SmsProvider` (one call:
 * deliver a message, resolve when the provider accepted it, reject otherwise) and passing it to
 * `createSmsSender`; the app builds the sender in server/app.ts. Numbers are stored as digits
 * without a country code (North American); a provider that needs E.164 adds `+1` itself.
 */
export interface SmsProvider {
  readonly name: string;
  deliver(message: SmsMessage): Promise<{ providerReference?: string }>;
}

export interface SmsSender {
  readonly kind: 'outbox' | 'provider';
  send(message: SmsMessage): Promise<void>;
}

export function createSmsSender(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  provider?: SmsProvider,
): SmsSender {
  if (provider) {
    return {
      kind: 'provider',
      async send(message) {
        const result = await provider.deliver(message);
        log.info(
          { provider: provider.name, reference: result.providerReference, channel: 'sms' },
          'text message handed to the SMS provider',
        );
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      const id = await writeOutboxMessage(db, {
        channel: 'sms',
        to: message.to,
        subject: null,
        body: message.text,
      });
      log.info(
        { outboxId: id, channel: 'sms' },
        'text message kept in the outbox (no SMS provider); read it with: npm run lodgehall -- outbox',
      );
    },
  };
}
