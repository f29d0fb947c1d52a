import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Engine } from '../db/database.ts';
import type { Memo } from './memo.ts';

/** What a service needs from the outside world; handlers pass it in, tests build their own. */
export interface ServiceContext {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  readonly config: AppConfig;
  /** Short-lived answers of reference data, per app instance. */
  readonly memo: Memo;
}
