import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { UNSUBSCRIBE_TOPICS, type UnsubscribeTopic } from '../../common/schemas/mail-settings.ts';
import type { Database } from '../db/schema.ts';
import { loadAppKey } from './app-key.ts';

/*
 * The token of a one-click unsubscribe link (issue 25, D81): `{party}.{topic}.{mac}`, the mac
 * an HMAC-SHA256 of the member and topic, cut to 128 bits and written base64url. Its key is
 * derived (HKDF) from the app's own private key, which every node already shares through the
 * database (auth/app-key.ts): no second secret to keep, and nothing in the repository. A link
 * never expires (RFC 8058 asks that an old mail's link keep working); a new app key would end
 * every link made before.
 */

const TOPIC_LETTERS: Readonly<Record<UnsubscribeTopic, string>> = {
  notice_mail: 'n',
  announcement_mail: 'a',
  event_reminder: 'r',
};

const MAC_BYTES = 16;

export type UnsubscribeKey = Buffer;

/** The HMAC key of unsubscribe links, derived from the app key. */
export async function loadUnsubscribeKey(db: Kysely<Database>): Promise<UnsubscribeKey> {
  return unsubscribeKeyOf((await loadAppKey(db)).privateKey);
}

/** The key derived from the app's private key (the browser tests read it as an operator would). */
export function unsubscribeKeyOf(appPrivateKey: crypto.KeyObject): UnsubscribeKey {
  const secret = appPrivateKey.export({ format: 'der', type: 'pkcs8' });
  return Buffer.from(crypto.hkdfSync('sha256', secret, '', 'lodgehall unsubscribe links', 32));
}

function macOf(key: UnsubscribeKey, partyId: number, topic: UnsubscribeTopic): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(`unsubscribe\n${partyId}\n${topic}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function unsubscribeToken(
  key: UnsubscribeKey,
  partyId: number,
  topic: UnsubscribeTopic,
): string {
  const mac = macOf(key, partyId, topic).toString('base64url');
  return `${partyId}.${TOPIC_LETTERS[topic]}.${mac}`;
}

/** The member and topic of a token this server made; undefined for any other text. */
export function readUnsubscribeToken(
  key: UnsubscribeKey,
  token: string,
): { partyId: number; topic: UnsubscribeTopic } | undefined {
  const [party, letter, mac, ...rest] = token.split('.');
  if (party === undefined || letter === undefined || mac === undefined || rest.length > 0) {
    return undefined;
  }
  if (!/^[1-9][0-9]{0,9}$/.test(party)) return undefined;
  const topic = UNSUBSCRIBE_TOPICS.find((candidate) => TOPIC_LETTERS[candidate] === letter);
  if (topic === undefined) return undefined;
  const partyId = Number(party);
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(key, partyId, topic);
  // base64url decoding skips what it cannot read, so compare the re-encoded text too.
  if (given.length !== expected.length || given.toString('base64url') !== mac) return undefined;
  return crypto.timingSafeEqual(given, expected) ? { partyId, topic } : undefined;
}
