import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { createOutboxMailer } from './mailer.ts';
import { lastOutboxMessages } from './outbox.ts';

/** The outbox keeps a mail's text and a note of each file sent with it (D83). */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('the outbox mailer', () => {
  it('notes an attachment after the text', async () => {
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const mailer = createOutboxMailer(database.handle.db, log);
    await mailer.send({
      to: 'member@example.org',
      subject: 'Reminder',
      text: 'You said you are going.',
      attachments: [
        {
          filename: 'event-7.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
        },
      ],
    });
    const [kept] = await lastOutboxMessages(database.handle.db, 1);
    expect(kept?.body).toBe(
      'You said you are going.\n\n' +
        '[Attached: event-7.ics (text/calendar; charset=utf-8; method=PUBLISH)]',
    );
  });
});
