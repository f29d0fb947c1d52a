/**
 * A club's emblem and map image from the console (issue 23, docs/decisions.md D68), through
 * the photo pipeline the member's own avatar uses (server/images/process-image.ts, as
 * services/party-avatar.ts): the type read from the bytes, re-encoded without metadata, cropped
 * to its centred square. New keys on every upload, so no cache keeps the old picture; the old
 * files are removed after the commit unless another club or member still shows them.
 */
import type { ClubImageRequest, ConsoleClubDetail } from '../../common/schemas/console-clubs.ts';
import { recordConsoleAudit } from '../db/audit-log.ts';
import { CLUB_IMAGE_FIELD } from '../../common/schemas/console-clubs.ts';
import type { Actor } from '../auth/actor.ts';
import { clubImageKeys, mapImagesInUse, setClubImageKeys } from '../db/console-clubs.ts';
import { avatarKeysInUse } from '../db/parties.ts';
import { NotFoundError } from '../errors.ts';
import { processImage } from '../images/process-image.ts';
import { assertAllowed } from '../policies/assert.ts';
import { presentConsoleClub } from '../presenters/console-clubs.ts';
import { requireConsole } from './console-access.ts';
import { abilitiesOf, managedClub } from './console-clubs.ts';
import type { ServiceContext } from './context.ts';
import { AVATAR_FOLDER } from './party-avatar.ts';
import { deleteStoredFiles, withStoredUploads } from './unguarded/photos.ts';

export type ClubImageKind = 'avatar' | 'map_image';

/** Where club maps are stored: the first segment of their keys. */
const MAP_FOLDER = 'maps';

/** PUT /admin/clubs/{id}/avatar.json or /map_image.json */
export async function setClubImage(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
  kind: ClubImageKind,
  input: ClubImageRequest,
  ip: string | null,
): Promise<ConsoleClubDetail> {
  const { member, scope } = await requireConsole(ctx, actor);
  const club = await managedClub(ctx, scope, clubId);
  assertAllowed(abilitiesOf(scope, club).edit);
  const fileName = input.file_name.trim().slice(0, 255) || kind;
  const image = await processImage(ctx.storage, input.base64, fileName, {
    field: CLUB_IMAGE_FIELD,
    single: true,
    square: true,
    folder: kind === 'avatar' ? AVATAR_FOLDER : MAP_FOLDER,
  });
  const now = Date.now();
  const removed = await withStoredUploads(ctx, [{ image, fileName }], () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await clubImageKeys(trx, clubId, ctx.engine === 'postgres');
      if (!before) throw new NotFoundError('No such club.');
      // The map is shown at 400 px: its medium size is kept, the full size is not needed.
      const next =
        kind === 'avatar'
          ? { avatar_key: image.key, avatar_medium_key: image.mediumKey }
          : { map_image: image.mediumKey };
      await setClubImageKeys(trx, clubId, next, now);
      await recordConsoleAudit(
        trx,
        {
          actorUserId: member.userId,
          action: 'club.changed',
          subjectType: 'Club',
          subjectId: clubId,
          organizationId: club.organization_id,
          clubId,
          before:
            kind === 'avatar'
              ? { avatar_key: before.avatar_key, avatar_medium_key: before.avatar_medium_key }
              : { map_image: before.map_image },
          after: next,
          ip,
        },
        now,
      );
      if (kind === 'avatar') {
        const old = [before.avatar_key, before.avatar_medium_key].flatMap((key) =>
          key === null ? [] : [key],
        );
        // An empty `in ()` is an error on PostgreSQL.
        if (old.length === 0) return [];
        const used = await avatarKeysInUse(trx, old);
        return old.filter((key) => !used.has(key));
      }
      const old = [image.key, ...(before.map_image === null ? [] : [before.map_image])];
      const used = await mapImagesInUse(trx, old);
      return old.filter((key) => !used.has(key));
    }),
  );
  await deleteStoredFiles(ctx, removed);
  const row = await managedClub(ctx, scope, clubId);
  return presentConsoleClub(row, abilitiesOf(scope, row));
}
