import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { SaltStore } from '../auth/salt-store.ts';
import type { Engine } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import type { Storage } from '../storage/storage.ts';
import type { Bus } from '../realtime/bus.ts';
import type { CalendarDerived } from './calendar-derived.ts';
import type { Payments } from '../payments/index.ts';
import type { ChatActivityCache } from '../realtime/chat-activity.ts';
import type { StreamHub } from '../realtime/event-streams.ts';
import type { BackgroundTasks } from './background-tasks.ts';
import type { Memo } from './memo.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/**
 * What a service needs from the outside world; handlers pass it in, tests build their own.
 * Every long-lived object (a cache, a memory, a hub, a provider) is made once, in app.ts, and
 * reached here (docs/decisions.md D59), so a test or another node replaces it in one place.
 */
export interface ServiceContext {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  readonly config: AppConfig;
  /** Short-lived answers of reference data, per app instance. */
  readonly memo: Memo;
  /** E-mail: SMTP when SMTP_URL is set, else the outbox table (server/mail/mailer.ts). */
  readonly mailer: Mailer;
  /** Text messages: the outbox table unless a provider is plugged in (server/sms/sms-sender.ts). */
  readonly sms: SmsSender;
  /** X-SALT values already accepted (replay protection). */
  readonly salts: SaltStore;
  /** Photos and avatars: a folder under DATA_DIR (server/storage/index.ts). */
  readonly storage: Storage;
  /** Changes for event streams and in-memory answers (server/realtime/bus.ts): one node. */
  readonly bus: Bus;
  /** The calendar's per-event times and short texts, kept across requests (calendar-derived.ts). */
  readonly calendarDerived: CalendarDerived;
  /** The payment provider: Stripe when configured, else the test mode (server/payments/). */
  readonly payments: Payments;
  /** The chat poll's memory of each chat's newest message and members (D44). */
  readonly chatActivity: ChatActivityCache;
  /** This node's open event streams (D43). */
  readonly streams: StreamHub;
  /** Work a request starts and does not wait for: roster imports (D65). */
  readonly background: BackgroundTasks;
  /**
   * The durable job queue (server/jobs/, D78): work that must happen once and survive a
   * restart. Started by server/main.ts once the node listens; stopped when the app closes.
   */
  readonly jobs: JobQueue;
}
