import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TYPE_INVALID } from '../../../common/messages.ts';
import { partyAvatarAnswerSchema } from '../../../common/schemas/party-avatar.ts';
import { postAnswerSchema } from '../../../common/schemas/post.ts';
import { sessionAnswerSchema } from '../../../common/schemas/session.ts';
import { MEDIA_CACHE_CONTROL } from '../media/index.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

interface Problem {
  errors?: Record<string, string[]>;
}

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
});

afterAll(async () => {
  await server.close();
});

function db() {
  return server.database.handle.db;
}

/** A landscape JPEG carrying EXIF and GPS that must not survive. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Camera', Software: 'SecretSoftware' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSMapDatum: 'SecretDatum' },
    })
    .toBuffer();
}

async function png(width: number, height: number, background = '#aa3322'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

async function put(who: PersonaKey, bytes: Buffer, name: string, type: string) {
  return personas[who].client.request<Problem>('PUT', '/party_avatar', {
    body: {
      party: {
        avatar_file_name: name,
        avatar_content_type: type,
        avatar_base64: bytes.toString('base64'),
      },
    },
  });
}

async function setAvatar(who: PersonaKey, bytes: Buffer, name: string, type: string) {
  const response = await put(who, bytes, name, type);
  expect(response.status, response.text).toBe(200);
  const avatar = partyAvatarAnswerSchema.parse(response.body).data.avatar;
  if (!avatar) throw new Error('no avatar in the answer');
  return avatar;
}

async function keysOf(partyId: number) {
  return db()
    .selectFrom('parties')
    .select(['avatar_key', 'avatar_medium_key'])
    .where('id', '=', partyId)
    .executeTakeFirstOrThrow();
}

async function media(key: string | null): Promise<{ status: number; bytes: Buffer; type: string }> {
  const response = await fetch(`${server.baseUrl}/media/${key ?? 'none'}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('PUT /party_avatar (API-ACCT-05, §4 Avatar)', () => {
  it('stores a PNG named .gif as a PNG: the type comes from the bytes (AMB-18)', async () => {
    const avatar = await setAvatar('M', await png(300, 300), 'me.gif', 'image/gif');
    const keys = await keysOf(personas.M.partyId);
    expect(keys.avatar_key).toMatch(/^avatars\/[0-9a-f]{32}\.png$/);
    expect(keys.avatar_medium_key).toMatch(/^avatars\/[0-9a-f]{32}-medium\.png$/);
    expect(avatar.medium_url).toBe(`/media/${keys.avatar_medium_key}`);
    const medium = await media(keys.avatar_medium_key);
    expect(medium.type).toBe('image/png');
    expect((await sharp(medium.bytes).metadata()).format).toBe('png');
  });

  it('refuses a text file named .jpg with VAL-02 under avatar, and keeps the old avatar', async () => {
    const before = await keysOf(personas.M.partyId);
    const response = await put(
      'M',
      Buffer.from('hello, not a picture\n'),
      'holiday.jpg',
      'image/jpeg',
    );
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual({ avatar: [IMAGE_TYPE_INVALID] });
    expect(await keysOf(personas.M.partyId)).toEqual(before);
  });

  it('crops to the centred square at full and medium size and drops EXIF and GPS', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('SecretDatum');
    await setAvatar('M', input, 'trip.jpg', 'image/jpeg');
    const keys = await keysOf(personas.M.partyId);
    const full = await media(keys.avatar_key);
    const medium = await media(keys.avatar_medium_key);
    const fullMeta = await sharp(full.bytes).metadata();
    const mediumMeta = await sharp(medium.bytes).metadata();
    expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(['jpeg', 900, 900]);
    expect([mediumMeta.width, mediumMeta.height]).toEqual([800, 800]);
    for (const meta of [fullMeta, mediumMeta]) {
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    expect(full.bytes.includes(Buffer.from('Secret'))).toBe(false);
    expect(medium.bytes.includes(Buffer.from('Secret'))).toBe(false);
  });

  it('a new avatar has new URLs; the old files go, and every answer that shows the member has the new one', async () => {
    await setAvatar('M', await png(400, 400, '#112233'), 'first.png', 'image/png');
    const old = await keysOf(personas.M.partyId);
    const oldMedia = await media(old.avatar_medium_key);
    expect(oldMedia.status).toBe(200);

    const avatar = await setAvatar('M', await png(400, 400, '#445566'), 'second.png', 'image/png');
    const now = await keysOf(personas.M.partyId);
    expect(now.avatar_medium_key).not.toBe(old.avatar_medium_key);
    expect((await media(old.avatar_key)).status).toBe(404);
    expect((await media(old.avatar_medium_key)).status).toBe(404);
    const fresh = await fetch(`${server.baseUrl}${avatar.medium_url}`);
    expect(fresh.status).toBe(200);
    // The URL is the key, so caching it for good never shows a stale picture.
    expect(fresh.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);

    const session = await personas.M.client.request('GET', '/session.json');
    expect(session.status).toBe(200);
    expect(sessionAnswerSchema.parse(session.body).data.user.party.avatar).toEqual(avatar);

    const created = await personas.M.client.request<{ data: { post: { id: number } } }>(
      'POST',
      '/posts',
      {
        body: {
          post: { post_as: 'MEMBER', access: 'ALL_FOLLOWERS', new_body: '<p>My new face</p>' },
        },
      },
    );
    expect(created.status, created.text).toBe(200);
    const shown = await personas.M2.client.request(
      'GET',
      `/posts/${created.body.data.post.id}.json`,
    );
    expect(shown.status, shown.text).toBe(200);
    expect(postAnswerSchema.parse(shown.body).data.post.party?.avatar).toEqual(avatar);

    const page = await personas.M2.client.request<{ data: { party: { avatar: unknown } } }>(
      'GET',
      `/parties/${personas.M.partyId}`,
    );
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.party.avatar).toEqual(avatar);
  });

  it('keeps the old files while another party still shows them (shared demo pictures)', async () => {
    await setAvatar('M', await png(200, 200), 'shared.png', 'image/png');
    const shared = await keysOf(personas.M.partyId);
    await db().updateTable('parties').set(shared).where('id', '=', personas.M2.partyId).execute();
    await setAvatar('M', await png(200, 200, '#000000'), 'own.png', 'image/png');
    expect((await media(shared.avatar_medium_key)).status).toBe(200);
    expect((await media(shared.avatar_key)).status).toBe(200);
  });

  it('refuses an unsigned call with 401 and changes nothing', async () => {
    const before = await keysOf(personas.W.partyId);
    const response = await personas.W.client.request('PUT', '/party_avatar', {
      unsigned: true,
      body: {
        party: {
          avatar_file_name: 'x.png',
          avatar_content_type: 'image/png',
          avatar_base64: (await png(50, 50)).toString('base64'),
        },
      },
    });
    expect(response.status).toBe(401);
    const anonymous = await server.request('DELETE', '/party_avatar');
    expect(anonymous.status).toBe(401);
    expect(await keysOf(personas.W.partyId)).toEqual(before);
  });
});

describe('DELETE /party_avatar (API-ACCT-06, ACCT-05)', () => {
  it('clears the avatar, removes its files, and the session shows none', async () => {
    await setAvatar('M', await png(200, 200, '#778899'), 'gone.png', 'image/png');
    const keys = await keysOf(personas.M.partyId);
    const response = await personas.M.client.request('DELETE', '/party_avatar');
    expect(response.status, response.text).toBe(200);
    expect(partyAvatarAnswerSchema.parse(response.body).data.avatar).toBeNull();
    expect(await keysOf(personas.M.partyId)).toEqual({
      avatar_key: null,
      avatar_medium_key: null,
    });
    expect((await media(keys.avatar_key)).status).toBe(404);
    expect((await media(keys.avatar_medium_key)).status).toBe(404);
    const session = await personas.M.client.request('GET', '/session.json');
    expect(sessionAnswerSchema.parse(session.body).data.user.party.avatar).toBeNull();
    // Removing no avatar is no error.
    const again = await personas.M.client.request('DELETE', '/party_avatar');
    expect(again.status).toBe(200);
  });
});
