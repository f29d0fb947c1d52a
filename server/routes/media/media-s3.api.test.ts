/**
 * Photos on an S3-compatible bucket (issue 24, D75): the app started with S3_* pointed at a real
 * S3-compatible server, an avatar uploaded through the signed API, read back through /media with
 * the same headers as from the folder, and seen by a second node's storage.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partyAvatarAnswerSchema } from '../../../common/schemas/party-avatar.ts';
import { ensureDemoImages } from '../../db/seed/demo-images.ts';
import { createStorage } from '../../storage/index.ts';
import type { Storage } from '../../storage/storage.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { SignedInPersona } from '../../test/member-client.ts';
import { startS3Server } from '../../test/s3-server.ts';
import type { TestS3Server } from '../../test/s3-server.ts';
import { MEDIA_CACHE_CONTROL } from './index.ts';

let s3: TestS3Server | undefined;
let server: TestServer | undefined;
let member: SignedInPersona;
/** What a second node on the same settings would use. */
let otherNode: Storage | undefined;

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startTestServer({ env: s3.env });
  await seedDemoData(server);
  member = (await signInPersonas(server)).M;
  otherNode = createStorage(server.config);
});

afterAll(async () => {
  otherNode?.close();
  await server?.close();
  await s3?.stop();
});

function started(): TestServer {
  if (!server) throw new Error('the server did not start');
  return server;
}

async function media(url: string, method = 'GET') {
  const response = await fetch(`${started().baseUrl}${url}`, { method });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function uploadAvatar(background: string) {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background } })
    .png()
    .toBuffer();
  const response = await member.client.request('PUT', '/party_avatar', {
    body: {
      party: {
        avatar_file_name: 'me.png',
        avatar_content_type: 'image/png',
        avatar_base64: png.toString('base64'),
      },
    },
  });
  expect(response.status, response.text).toBe(200);
  const avatar = partyAvatarAnswerSchema.parse(response.body).data.avatar;
  if (!avatar) throw new Error('no avatar in the answer');
  return avatar;
}

describe('/media on an S3-compatible bucket', () => {
  it('serves an avatar uploaded through the API from the bucket, with the usual headers', async () => {
    const avatar = await uploadAvatar('#225588');
    expect(avatar.medium_url).toMatch(/^\/media\/avatars\/[0-9a-f]{32}-medium\.png$/);
    const key = avatar.medium_url.slice('/media/'.length);

    const answer = await media(avatar.medium_url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-length')).toBe(String(answer.bytes.length));
    expect((await sharp(answer.bytes).metadata()).format).toBe('png');

    const head = await media(avatar.medium_url, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(answer.bytes.length));

    // In the bucket, where another node reads it, and not in this node's folder.
    expect(await otherNode?.get(key)).toEqual(answer.bytes);
    expect(fs.existsSync(path.join(started().config.DATA_DIR, 'media', key))).toBe(false);
  });

  it('answers 404 for a key the bucket does not hold, and for the old avatar once replaced', async () => {
    const first = await uploadAvatar('#553311');
    expect((await media(first.medium_url)).status).toBe(200);
    await uploadAvatar('#115533');
    const gone = await media(first.medium_url);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await media('/media/photos/0123456789abcdef0123456789abcdef.jpg')).status).toBe(404);
    expect((await media('/media/photos/../x.jpg')).status).toBe(404);
  });

  it('serves the demo images from the bucket once they are there', async () => {
    const key = 'demo/avatar-3-medium.jpg';
    expect((await media(`/media/${key}`)).status).toBe(404);
    expect(await ensureDemoImages(started().app.services.storage, [key])).toBe(1);
    const answer = await media(`/media/${key}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(await ensureDemoImages(otherNode ?? started().app.services.storage, [key])).toBe(0);
  });
});
