import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { exportPublicKey } from './signatures.ts';

const APP_KEY_NAME = 'app';

export interface AppKey {
  /** Standard base64 SPKI DER, sent to clients as `app_public_key`. */
  readonly publicKey: string;
  readonly privateKey: crypto.KeyObject;
}

/**
 * The server's own Ed25519 key pair, made at first use and kept in the database so every node
 * and every restart answers with the same `app_public_key` (docs/architecture.md §5).
 */
export async function loadAppKey(db: Kysely<Database>): Promise<AppKey> {
  const existing = await db
    .selectFrom('app_keys')
    .select(['public_key', 'private_key'])
    .where('name', '=', APP_KEY_NAME)
    .executeTakeFirst();
  if (existing) return fromRow(existing);
  const pair = crypto.generateKeyPairSync('ed25519');
  await db
    .insertInto('app_keys')
    .values({
      name: APP_KEY_NAME,
      key_type: 'Ed25519',
      public_key: exportPublicKey(pair.publicKey),
      private_key: pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      created_at: Date.now(),
    })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  // Another node may have won the race: read back whichever row is stored.
  const stored = await db
    .selectFrom('app_keys')
    .select(['public_key', 'private_key'])
    .where('name', '=', APP_KEY_NAME)
    .executeTakeFirstOrThrow();
  return fromRow(stored);
}

function fromRow(row: { public_key: string; private_key: string }): AppKey {
  return {
    publicKey: row.public_key,
    privateKey: crypto.createPrivateKey({
      key: Buffer.from(row.private_key, 'base64'),
      format: 'der',
      type: 'pkcs8',
    }),
  };
}
