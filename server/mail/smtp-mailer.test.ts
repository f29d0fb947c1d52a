import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer } from './mailer.ts';
import { smtpSettings } from './smtp-mailer.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

describe('mail adapter', () => {
  it('takes the sender from the SMTP URL’s from parameter and keeps it out of the transport URL', () => {
    expect(
      smtpSettings(
        'smtps://user:secret@mail.example.org:465?from=Lodge%20%3Cno-reply%40lodge.org%3E',
        undefined,
      ),
    ).toEqual({
      transportUrl: 'smtps://user:secret@mail.example.org:465',
      from: 'Lodge <no-reply@lodge.org>',
    });
  });

  it('defaults the sender to no-reply at the public host', () => {
    expect(smtpSettings('smtp://mail.example.org:587', 'https://lodgehall.example.org').from).toBe(
      'Lodgehall <no-reply@lodgehall.example.org>',
    );
  });

  it('uses SMTP when SMTP_URL is set, else the outbox', () => {
    const db = {} as Kysely<Database>;
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    expect(createMailer(loadConfig({}), db, log).kind).toBe('outbox');
    expect(
      createMailer(loadConfig({ SMTP_URL: 'smtp://mail.example.org:587' }), db, log).kind,
    ).toBe('smtp');
  });
});
