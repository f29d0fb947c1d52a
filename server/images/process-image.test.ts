import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TYPE_INVALID, imageFileTypeInvalid } from '../../common/messages.ts';
import { ValidationError } from '../errors.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import type { Storage } from '../storage/storage.ts';
import {
  MAX_CONCURRENT_IMAGES,
  MAX_IMAGE_BYTES,
  MEDIUM_IMAGE_SIZE,
  imageTooLarge,
  imageTooManyPixels,
  imagesInProgress,
  processImage,
} from './process-image.ts';

let root: string;
let storage: Storage;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-images-'));
  storage = createLocalStorage(root);
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function solid(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  return sharp({ create: { width, height, channels, background: '#336699' } });
}

async function refusal(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).errors;
}

async function stored(key: string): Promise<Buffer> {
  const bytes = await storage.get(key);
  if (!bytes) throw new Error(`nothing stored under ${key}`);
  return bytes;
}

/** A PNG whose header declares width x height, with a tiny (insufficient) body. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4) ... CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('processImage', () => {
  it('re-encodes a JPEG without its EXIF and GPS, auto-oriented, with a medium size', async () => {
    const input = await solid(2000, 1000)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Camera', Software: 'SecretSoftware' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSMapDatum: 'SecretDatum' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('SecretDatum');
    expect(before.orientation).toBe(6);

    const result = await processImage(storage, input.toString('base64'), 'trip.jpg');

    expect(result.contentType).toBe('image/jpeg');
    expect(result.key).toMatch(/^photos\/[0-9a-f]{32}\.jpg$/);
    expect(result.mediumKey).toMatch(/^photos\/[0-9a-f]{32}-medium\.jpg$/);
    // Orientation 6 turns the 2000x1000 pixels upright: 1000 wide, 2000 high.
    expect([result.width, result.height]).toEqual([1000, 2000]);

    const full = await stored(result.key);
    const after = await sharp(full).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(full.includes(Buffer.from('Secret'))).toBe(false);
    expect(full.includes(Buffer.from('Exif\0'))).toBe(false);
    expect([after.width, after.height]).toEqual([1000, 2000]);

    const medium = await sharp(await stored(result.mediumKey)).metadata();
    expect(medium.exif).toBeUndefined();
    expect(Math.max(medium.width, medium.height)).toBe(MEDIUM_IMAGE_SIZE);
    expect([medium.width, medium.height]).toEqual([400, 800]);
  });

  it('accepts a data: URL and keeps a PNG a PNG, never enlarging the medium', async () => {
    const png = await solid(300, 200, 4).png().toBuffer();
    const result = await processImage(
      storage,
      `data:image/png;base64,${png.toString('base64')}`,
      'logo.png',
    );
    expect(result).toMatchObject({ contentType: 'image/png', width: 300, height: 200 });
    expect(result.key).toMatch(/\.png$/);
    const medium = await sharp(await stored(result.mediumKey)).metadata();
    expect([medium.format, medium.width, medium.height]).toEqual(['png', 300, 200]);
  });

  it('accepts a GIF, animation and all, and keeps it a GIF', async () => {
    const frames = 3;
    const pictures = await Promise.all(
      ['#aa3322', '#2233aa', '#22aa33'].map((background) =>
        sharp({ create: { width: 1200, height: 600, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(pictures, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(frames);

    const result = await processImage(storage, gif, 'wave.gif');
    expect(result).toMatchObject({ contentType: 'image/gif', width: 1200, height: 600 });
    expect(result.key).toMatch(/^photos\/[0-9a-f]{32}\.gif$/);
    const medium = await sharp(await stored(result.mediumKey), {
      animated: true,
    }).metadata();
    expect(medium.format).toBe('gif');
    expect(medium.pages).toBe(frames);
    expect([medium.width, medium.pageHeight]).toEqual([800, 400]);
  });

  it('square: crops the centred square for both sizes, upright first (avatars)', async () => {
    // A left half red and a right half blue, turned by orientation 6: upright it is 1000 wide
    // and 2000 high, red on top; the centred square is the middle, half red and half blue.
    const halves = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#ff0000' },
    })
      .composite([
        {
          input: { create: { width: 1000, height: 1000, channels: 3, background: '#0000ff' } },
          left: 1000,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await processImage(storage, halves, 'me.jpg', {
      square: true,
      folder: 'avatars',
    });
    expect(result.key).toMatch(/^avatars\/[0-9a-f]{32}\.jpg$/);
    expect([result.width, result.height]).toEqual([1000, 1000]);
    const medium = await sharp(await stored(result.mediumKey)).metadata();
    expect([medium.width, medium.height]).toEqual([MEDIUM_IMAGE_SIZE, MEDIUM_IMAGE_SIZE]);
    expect(medium.orientation).toBeUndefined();
    // The centred square: red above, blue below (a crop from the top would be all red).
    const { data } = await sharp(await stored(result.mediumKey))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3),
    ];
    expect(pixel(400, 10)[0]).toBeGreaterThan(200);
    expect(pixel(400, 10)[2]).toBeLessThan(60);
    expect(pixel(400, 790)[2]).toBeGreaterThan(200);
    expect(pixel(400, 790)[0]).toBeLessThan(60);

    const small = await processImage(storage, await solid(300, 200).png().toBuffer(), 's.png', {
      square: true,
    });
    expect([small.width, small.height]).toEqual([200, 200]);
    const smallMedium = await sharp(await stored(small.mediumKey)).metadata();
    expect([smallMedium.format, smallMedium.width, smallMedium.height]).toEqual(['png', 200, 200]);
  });

  it('square: an animated GIF keeps every frame, each cropped', async () => {
    const pictures = await Promise.all(
      ['#aa3322', '#2233aa'].map((background) =>
        sharp({ create: { width: 1200, height: 600, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(pictures, { join: { animated: true } })
      .gif()
      .toBuffer();
    const result = await processImage(storage, gif, 'wave.gif', { square: true });
    expect([result.width, result.height]).toEqual([600, 600]);
    const medium = await sharp(await stored(result.mediumKey), { animated: true }).metadata();
    expect([medium.format, medium.pages, medium.width, medium.pageHeight]).toEqual([
      'gif',
      2,
      600,
      600,
    ]);
  });

  it('refuses a text file named .png with the spec message, from the bytes not the name', async () => {
    const text = Buffer.from('hello, this is not an image\n');
    expect(await refusal(processImage(storage, text, 'notes.png'))).toEqual({
      photos: [imageFileTypeInvalid('notes.png')],
    });
    expect(imageFileTypeInvalid('notes.png')).toBe(
      'Image "notes.png" must have image type jpg, jpeg, png, or gif.',
    );
    // A single-file input (avatar, chat attachment) uses the short message (AMB-18).
    expect(
      await refusal(
        processImage(storage, text.toString('base64'), 'me.png', { single: true, field: 'avatar' }),
      ),
    ).toEqual({ avatar: [IMAGE_TYPE_INVALID] });
    expect(IMAGE_TYPE_INVALID).toBe('image type must be jpg, jpeg, png, or gif');
  });

  it('refuses real images of other types (WebP, TIFF, SVG)', async () => {
    const webp = await solid(10, 10).webp().toBuffer();
    const tiff = await solid(10, 10).tiff().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const [bytes, name] of [
      [webp, 'a.jpg'],
      [tiff, 'scan.tiff'],
      [svg, 'b.gif'],
    ] as const) {
      expect(await refusal(processImage(storage, bytes, name))).toEqual({
        photos: [imageFileTypeInvalid(name)],
      });
    }
  });

  it('refuses a truncated image behind a good header', async () => {
    const jpeg = await solid(400, 400).jpeg().toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await refusal(processImage(storage, cut, 'cut.jpg'))).toEqual({
      photos: [imageFileTypeInvalid('cut.jpg')],
    });
  });

  it('refuses an oversize upload, as bytes and as base64, before decoding it', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff);
    expect(await refusal(processImage(storage, big, 'huge.jpg'))).toEqual({
      photos: [imageTooLarge('huge.jpg')],
    });
    expect(await refusal(processImage(storage, big.toString('base64'), 'huge.jpg'))).toEqual({
      photos: [imageTooLarge('huge.jpg')],
    });
    // A real image over a (lowered) limit.
    const jpeg = await solid(100, 100).jpeg().toBuffer();
    expect(
      await refusal(processImage(storage, jpeg, 'x.jpg', { maxBytes: jpeg.length - 1 })),
    ).toEqual({ photos: [imageTooLarge('x.jpg')] });
  });

  it('refuses a pixel bomb from its header, before decoding', async () => {
    const bomb = await pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    const declared = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([declared.width, declared.height]).toEqual([30_000, 30_000]);
    expect(await refusal(processImage(storage, bomb, 'bomb.png'))).toEqual({
      photos: [imageTooManyPixels('bomb.png')],
    });
  });

  it('refuses a real, well-compressed image over the pixel limit', async () => {
    // 5000 x 5000 of one colour compresses to a few kB; the limit is lowered so the test is quick.
    const png = await solid(5000, 5000).png({ compressionLevel: 9 }).toBuffer();
    expect(png.length).toBeLessThan(200_000);
    expect(
      await refusal(processImage(storage, png, 'flat.png', { maxPixels: 24_000_000 })),
    ).toEqual({ photos: [imageTooManyPixels('flat.png')] });
  });

  it('gives every upload its own unguessable keys', async () => {
    const jpeg = await solid(20, 20).jpeg().toBuffer();
    const a = await processImage(storage, jpeg, 'a.jpg');
    const b = await processImage(storage, jpeg, 'a.jpg');
    expect(a.key).not.toBe(b.key);
    expect(await storage.exists(a.key)).toBe(true);
    expect(await storage.exists(b.mediumKey)).toBe(true);
  });

  it('decodes at most a few images at once, and every one still finishes', async () => {
    const jpeg = await solid(1500, 1000).jpeg().toBuffer();
    let peak = 0;
    let done = false;
    const sample = (): void => {
      peak = Math.max(peak, imagesInProgress());
      if (!done) setImmediate(sample);
    };
    sample();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => processImage(storage, jpeg, `burst-${i}.jpg`)),
    );
    done = true;
    expect(results).toHaveLength(6);
    expect(new Set(results.map((result) => result.key)).size).toBe(6);
    expect(peak).toBe(MAX_CONCURRENT_IMAGES);
    expect(imagesInProgress()).toBe(0);
  });
});
