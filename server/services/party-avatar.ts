/**
 * The member's own avatar (§4 Avatar, §7 Account; API-ACCT-05, API-ACCT-06; docs/decisions.md
 * D51). An upload goes through the photo pipeline (server/images/process-image.ts): the type is
 * read from the bytes, the image is re-encoded without metadata and cropped to its centred
 * square, full size and medium. The keys are new on every upload, so every URL that showed the
 * old picture changes and no cache (the media route's year-long `immutable`) can keep it.
 * `parties.avatar_key` and `avatar_medium_key` change together in one transaction; the old files
 * are removed after the commit, unless another party or club still shows them (the demo data
 * gives several members one picture).
 */
import type { Transaction } from 'kysely';
import type { PartyAvatarRequest } from '../../common/schemas/party-avatar.ts';
import { AVATAR_ERROR_FIELD } from '../../common/schemas/party-avatar.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { avatarKeysInUse, avatarKeysOf, setAvatarKeys } from '../db/parties.ts';
import type { AvatarKeys } from '../db/parties.ts';
import type { Database } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import { processImage } from '../images/process-image.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayChangeAvatar } from '../policies/party-avatar.ts';
import { presentAvatar } from '../presenters/media.ts';
import type { ServiceContext } from './context.ts';
import { deleteStoredFiles, withStoredUploads } from './unguarded/photos.ts';

/** Where avatars are stored: the first segment of their keys. */
export const AVATAR_FOLDER = 'avatars';

type Avatar = ReturnType<typeof presentAvatar>;

/**
 * Inside the transaction: sets the party's keys and answers the old ones that nothing else
 * shows any more, for removal after the commit.
 */
async function replaceKeys(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  partyId: number,
  next: AvatarKeys,
): Promise<string[]> {
  // Two saves at once: the second waits, then reads the first one's keys and removes them.
  const before = await avatarKeysOf(trx, partyId, ctx.engine === 'postgres');
  if (!before) throw new NotFoundError('No such member.');
  await setAvatarKeys(trx, partyId, next);

  const old = [before.avatar_key, before.avatar_medium_key].filter(
    (key): key is string => key !== null,
  );
  if (old.length === 0) return [];
  const used = await avatarKeysInUse(trx, old);
  return old.filter((key) => !used.has(key));
}

/**
 * `PUT /party_avatar`: a new picture for the member. A file that is not a JPEG, PNG or GIF
 * (whatever its name or claimed type says) is a 422 with VAL-02 under `avatar`; too large an
 * image the pipeline's own messages under the same field.
 */
export async function setAvatar(
  ctx: ServiceContext,
  actor: Actor,
  input: PartyAvatarRequest['party'],
): Promise<Avatar> {
  const member = requireMember(actor);
  assertAllowed(mayChangeAvatar(member, member.partyId));
  const fileName = input.avatar_file_name.trim().slice(0, 255) || 'avatar';
  const image = await processImage(ctx.storage, input.avatar_base64, fileName, {
    field: AVATAR_ERROR_FIELD,
    single: true,
    square: true,
    folder: AVATAR_FOLDER,
  });
  const removed = await withStoredUploads(ctx, [{ image, fileName }], () =>
    ctx.db.transaction().execute((trx) =>
      replaceKeys(ctx, trx, member.partyId, {
        avatar_key: image.key,
        avatar_medium_key: image.mediumKey,
      }),
    ),
  );
  await deleteStoredFiles(ctx, removed);
  return presentAvatar(image.mediumKey);
}

/** `DELETE /party_avatar`: back to the initials (CONST-30); removing none is no error. */
export async function removeAvatar(ctx: ServiceContext, actor: Actor): Promise<void> {
  const member = requireMember(actor);
  assertAllowed(mayChangeAvatar(member, member.partyId));
  const removed = await ctx.db
    .transaction()
    .execute((trx) =>
      replaceKeys(ctx, trx, member.partyId, { avatar_key: null, avatar_medium_key: null }),
    );
  await deleteStoredFiles(ctx, removed);
}
