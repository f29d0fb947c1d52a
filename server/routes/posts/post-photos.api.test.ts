import { readdirSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFileTypeInvalid } from '../../../common/messages.ts';
import type { PhotoAttributes, PostAnswer } from '../../../common/schemas/post.ts';
import { MEMBER, MEMBER2 } from '../../db/seed/personas.ts';
import { imageTooLarge, imageTooManyPixels } from '../../images/process-image.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

/**
 * Photos on posts (POST-12, POST-18, VAL-03, AMB-18): uploads go through the real image
 * pipeline and storage; refused files leave nothing behind; files go when nothing shows them.
 */

interface Problem {
  status: number;
  errors?: Record<string, string[]>;
}

let server: TestServer;
let m: MemberClient;
let m2: MemberClient;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  [m, m2] = await Promise.all([
    signInAs(server, MEMBER.username),
    signInAs(server, MEMBER2.username),
  ]);
});

afterAll(async () => {
  await server.close();
});

const mediaRoot = () => path.join(server.config.DATA_DIR, 'media', 'photos');

/** Files the uploads of this test file stored (demo pictures live in another folder). */
function uploadedFiles(): string[] {
  try {
    return readdirSync(mediaRoot()).sort();
  } catch {
    return [];
  }
}

async function pngBase64(width = 64, height = 48, color = '#aa3322'): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

async function jpegWithGpsBase64(): Promise<string> {
  const jpeg = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#123456' },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 57/1 0/1' },
    })
    .toBuffer();
  return jpeg.toString('base64');
}

/** A PNG header declaring 20,000 x 20,000 pixels over a one-pixel body: a decompression bomb. */
async function pixelBombBase64(): Promise<string> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png.toString('base64');
}

function upload(name: string, base64: string, type = 'image/png'): PhotoAttributes {
  return { guid: name, image_file_name: name, image_content_type: type, image_base64: base64 };
}

async function createWithPhotos(photos: PhotoAttributes[]) {
  return m.request<PostAnswer & Problem>('POST', '/posts', {
    body: {
      post: {
        post_as: 'MEMBER',
        access: 'ALL_FOLLOWERS',
        new_body: '<p>With photos</p>',
        photos_attributes: photos,
      },
    },
  });
}

async function fetchMedia(
  url: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${server.baseUrl}${url}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('photo uploads on posts', () => {
  it('stores a new photo in full and medium size and serves both (POST-12)', async () => {
    const response = await createWithPhotos([
      upload('Lodge Picnic.PNG', await pngBase64(1200, 900)),
    ]);
    expect(response.status).toBe(200);
    const [photo] = response.body.data.post.photos;
    expect(photo?.url).toMatch(/^\/media\/photos\/[0-9a-f]{32}\.png$/);
    expect(photo?.medium_url).toMatch(/^\/media\/photos\/[0-9a-f]{32}-medium\.png$/);
    const full = await fetchMedia(photo?.url ?? '');
    expect(full.status).toBe(200);
    expect(full.type).toBe('image/png');
    expect((await sharp(full.bytes).metadata()).width).toBe(1200);
    const medium = await fetchMedia(photo?.medium_url ?? '');
    expect((await sharp(medium.bytes).metadata()).width).toBe(800);
    // Another member who may see the post sees the same photo.
    const seen = await m2.request<PostAnswer>('GET', `/posts/${response.body.data.post.id}.json`);
    expect(seen.body.data.post.photos.map((p) => p.id)).toEqual([photo?.id]);
  });

  it('takes a data: URL as well as bare base64', async () => {
    const response = await createWithPhotos([
      upload('a.png', `data:image/png;base64,${await pngBase64()}`),
    ]);
    expect(response.status).toBe(200);
    expect(response.body.data.post.photos).toHaveLength(1);
  });

  it('keeps no EXIF or GPS in what it serves', async () => {
    const response = await createWithPhotos([
      upload('phone.jpg', await jpegWithGpsBase64(), 'image/jpeg'),
    ]);
    expect(response.status).toBe(200);
    const served = await fetchMedia(response.body.data.post.photos[0]?.url ?? '');
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('refuses a text file named .png, naming the file (VAL-03), and stores nothing', async () => {
    const before = uploadedFiles();
    const response = await createWithPhotos([
      upload('good.png', await pngBase64()),
      upload('notes.png', Buffer.from('just some text, not a picture').toString('base64')),
    ]);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ photos: [imageFileTypeInvalid('notes.png')] });
    expect(uploadedFiles()).toEqual(before);
  });

  it('refuses an oversize file before decoding it', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1).toString('base64');
    const response = await createWithPhotos([upload('huge.jpg', big, 'image/jpeg')]);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ photos: [imageTooLarge('huge.jpg')] });
  });

  it('refuses a decompression bomb', async () => {
    const response = await createWithPhotos([upload('bomb.png', await pixelBombBase64())]);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ photos: [imageTooManyPixels('bomb.png')] });
  });

  it('reports every refused file at once', async () => {
    const response = await createWithPhotos([
      upload('scan.tiff', Buffer.from('II*\u0000').toString('base64'), 'image/tiff'),
      upload('bomb.png', await pixelBombBase64()),
    ]);
    expect(response.status).toBe(422);
    expect(response.body.errors?.photos).toEqual([
      imageFileTypeInvalid('scan.tiff'),
      imageTooManyPixels('bomb.png'),
    ]);
  });

  it("a stranger's large body is refused from the headers, before it is read", async () => {
    const response = await server.request<Problem>('POST', '/posts', {
      body: {
        post: {
          new_body: '<p>x</p>',
          photos_attributes: [upload('x.png', 'A'.repeat(20 * 1024 * 1024))],
        },
      },
    });
    expect(response.status).toBe(401);
  });

  it('a request over the upload limit is a 413', async () => {
    const response = await m.request<Problem>('POST', '/posts', {
      body: {
        post: {
          new_body: '<p>x</p>',
          photos_attributes: [upload('x.png', 'A'.repeat(33 * 1024 * 1024))],
        },
      },
    });
    expect(response.status).toBe(413);
  });

  it('edit keeps saved photos as {id}, adds new ones in the sent order, and removes dropped files (POST-18)', async () => {
    const created = await createWithPhotos([
      upload('one.png', await pngBase64(30, 30, '#111111')),
      upload('two.png', await pngBase64(30, 30, '#222222')),
    ]);
    const [one, two] = created.body.data.post.photos;
    const id = created.body.data.post.id;
    const edited = await m.request<PostAnswer>('PUT', `/posts/${id}.json`, {
      body: {
        post: {
          photos_attributes: [
            upload('three.png', await pngBase64(30, 30, '#333333')),
            { id: two?.id },
          ],
        },
      },
    });
    expect(edited.status).toBe(200);
    const photos = edited.body.data.post.photos;
    expect(photos).toHaveLength(2);
    expect(photos[1]?.id).toBe(two?.id);
    expect(photos[0]?.id).not.toBe(one?.id);
    expect((await fetchMedia(one?.url ?? '')).status).toBe(404);
    expect((await fetchMedia(two?.url ?? '')).status).toBe(200);
    expect((await fetchMedia(photos[0]?.url ?? '')).status).toBe(200);
  });

  it('deleting a post removes its uploaded files but keeps shared demo pictures', async () => {
    const created = await createWithPhotos([upload('gone.png', await pngBase64())]);
    const uploaded = created.body.data.post.photos[0];
    const demo = await server.database.handle.db
      .selectFrom('post_photos as pp')
      .innerJoin('photos as ph', 'ph.id', 'pp.photo_id')
      .select(['ph.id', 'ph.storage_key'])
      .where('ph.party_id', 'is', null)
      .executeTakeFirstOrThrow();
    const id = created.body.data.post.id;
    // The test server draws no demo pictures; store one so its survival can be seen.
    await server.app.services.storage.put(
      demo.storage_key,
      Buffer.from(await pngBase64(), 'base64'),
      'image/jpeg',
    );
    // Show a demo picture on this post too: deleting the post must not take it from the others.
    const edited = await m.request<PostAnswer>('PUT', `/posts/${id}.json`, {
      body: { post: { photos_attributes: [{ id: uploaded?.id }] } },
    });
    expect(edited.status).toBe(200);
    await server.database.handle.db
      .insertInto('post_photos')
      .values({ post_id: id, photo_id: demo.id, sort_order: 1 })
      .execute();
    expect((await m.request('DELETE', `/posts/${id}`)).status).toBe(204);
    expect((await fetchMedia(uploaded?.url ?? '')).status).toBe(404);
    const stillThere = await server.database.handle.db
      .selectFrom('photos')
      .select('id')
      .where('id', '=', demo.id)
      .executeTakeFirst();
    expect(stillThere?.id).toBe(demo.id);
    expect(await server.app.services.storage.exists(demo.storage_key)).toBe(true);
  });
});
