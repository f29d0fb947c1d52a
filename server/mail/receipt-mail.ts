import type { Kysely } from 'kysely';
import { formatCents } from '../../common/money.ts';
import { localDateOf } from '../../common/event-time.ts';
import {
  DUES_RECEIPT_METHODS,
  duesReceiptSubject,
  duesReceiptText,
} from '../../common/messages.ts';
import { firstEmailAddresses } from '../db/content-events.ts';
import { duesReceiptFacts } from '../db/dues-payments.ts';
import type { Database } from '../db/schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { enqueueMail } from './mail-jobs.ts';

/** `2026-05-16` -> `May 16, 2026`. */
function longIsoDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
}

/**
 * Queues the receipt of a dues payment just recorded, in its transaction (D79), to the member's
 * first e-mail address; a member with none gets no receipt. Online payments and those taken in
 * person (cash, cheque) alike; the date is the day it was paid, at the lodge.
 */
export async function enqueueDuesReceipt(
  jobs: JobQueue,
  trx: Kysely<Database>,
  paymentId: number,
): Promise<void> {
  const facts = await duesReceiptFacts(trx, paymentId);
  if (!facts) return;
  const to = (await firstEmailAddresses(trx, [facts.party_id])).get(facts.party_id);
  if (!to) return;
  const paidOn =
    facts.paid_on ?? localDateOf(Number(facts.completed_at ?? Date.now()), facts.time_zone_id);
  await enqueueMail(jobs, trx, `receipt:${paymentId}`, {
    to,
    subject: duesReceiptSubject(facts.club_name),
    text: duesReceiptText({
      club: facts.club_name,
      organization: facts.organization_name,
      amount: formatCents(facts.amount_cents),
      years: facts.years.join(', '),
      method: DUES_RECEIPT_METHODS[facts.method] ?? facts.method,
      date: longIsoDate(paidOn),
    }),
  });
}
