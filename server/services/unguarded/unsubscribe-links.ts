/**
 * What a mail carries to be left with one click (issue 25, D81; RFC 2369, RFC 8058): the
 * signed link of its member and topic, and the two headers a mail program reads. The mail
 * sender (server/mail/) attaches them; no actor, the member is the mail's recipient.
 */
import type { Kysely } from 'kysely';
import { BASE_PATH } from '../../../common/constants.ts';
import { UNSUBSCRIBE_PATH, type UnsubscribeTopic } from '../../../common/schemas/mail-settings.ts';
import {
  loadUnsubscribeKey,
  unsubscribeToken,
  type UnsubscribeKey,
} from '../../auth/unsubscribe-tokens.ts';
import type { Database } from '../../db/schema.ts';

/** Makes the links of many mails with one read of the key (an Announce to a whole lodge). */
export interface UnsubscribeLinks {
  /** `{origin}/app/unsubscribe?token=…`: the page, and the one-click POST's address. */
  url(partyId: number, topic: UnsubscribeTopic): string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` for the member's mail of this topic. */
  headers(partyId: number, topic: UnsubscribeTopic): Record<string, string>;
}

export function unsubscribeLinksWith(key: UnsubscribeKey, origin: string): UnsubscribeLinks {
  const url = (partyId: number, topic: UnsubscribeTopic) =>
    `${origin}${BASE_PATH}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(key, partyId, topic)}`;
  return {
    url,
    headers: (partyId, topic) => ({
      'List-Unsubscribe': `<${url(partyId, topic)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }),
  };
}

/** The links of mails whose links point at `origin` (http/origin.ts mailLinkOriginOf). */
export async function unsubscribeLinks(
  db: Kysely<Database>,
  origin: string,
): Promise<UnsubscribeLinks> {
  return unsubscribeLinksWith(await loadUnsubscribeKey(db), origin);
}
