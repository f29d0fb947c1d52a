import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImage } from '../../images/process-image.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** Reads the whole body, so no answer is left half-read when the server closes. */
async function get(path: string, method = 'GET'): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, { method, redirect: 'manual' });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

describe('GET /media/*', () => {
  it('serves a processed upload with its type and year-long immutable caching', async () => {
    const jpeg = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#204060' },
    })
      .jpeg()
      .withExif({ IFD3: { GPSMapDatum: 'SecretDatum' } })
      .toBuffer();
    const image = await processImage(server.app.services.storage, jpeg, 'hall.jpg');
    const url = server.app.services.storage.url(image.key);
    expect(url).toBe(`/media/${image.key}`);

    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = response.body;
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(body).toEqual(await server.app.services.storage.get(image.key));
    expect(body.includes(Buffer.from('SecretDatum'))).toBe(false);

    const medium = await get(server.app.services.storage.url(image.mediumKey));
    expect(medium.status).toBe(200);
    const meta = await sharp(medium.body).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
  });

  it('serves PNG and GIF with their own types, and answers HEAD', async () => {
    const storage = server.app.services.storage;
    await storage.put('demo/club-9.png', Buffer.from('png bytes'), 'image/png');
    await storage.put('photos/anim.gif', Buffer.from('gif bytes'), 'image/gif');
    expect((await get('/media/demo/club-9.png')).headers.get('content-type')).toBe('image/png');
    expect((await get('/media/photos/anim.gif')).headers.get('content-type')).toBe('image/gif');
    const head = await get('/media/demo/club-9.png', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('9');
  });

  it('is a 404 for unknown and malformed keys, never leaving the media folder', async () => {
    for (const path of [
      '/media/photos/0123456789abcdef0123456789abcdef.jpg',
      '/media/',
      '/media/photos',
      '/media/photos/x.txt',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/photos/%2e%2e/%2e%2e/db.sqlite',
      '/media/..%2fsecret.jpg',
      '/media/photos%5c..%5cx.jpg',
      '/media/Photos/X.JPG',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control') ?? '', path).not.toContain('immutable');
      expect(response.headers.get('content-type') ?? '', path).not.toMatch(/^image\//);
    }
  });

  it('lives outside the API prefix and needs no session', async () => {
    const response = await server.request('GET', '/media/demo/club-9.png');
    expect(response.status).toBe(404);
    expect((await get('/media/demo/club-9.png')).status).toBe(200);
  });
});
