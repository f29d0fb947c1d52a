/**
 * Uploaded images (spec §5 image types, AMB-18): the type is read from the bytes, never from the
 * file name or a claimed MIME type; size and pixel count are bounded before anything is decoded;
 * the image is re-encoded without metadata (no EXIF, GPS, XMP or comments leave the server) and a
 * medium size is made; both are stored under unguessable keys.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { IMAGE_TYPE_INVALID, imageFileTypeInvalid } from '../../common/messages.ts';
import { ValidationError } from '../errors.ts';
import type { Storage } from '../storage/storage.ts';

/** Decoded bytes: a 24-megapixel phone photo is 5-8 MB as JPEG. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Width x height (x frames for a GIF): about 160 MB of RGBA at most while decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The medium size fits inside this square. */
export const MEDIUM_IMAGE_SIZE = 800;

/**
 * Images decoded at once in this process. A 40-megapixel image takes up to about 160 MB per
 * pipeline while it is turned upright and resized; a burst of uploads waits here instead of
 * exhausting memory. sharp already spreads each image over all cores.
 */
export const MAX_CONCURRENT_IMAGES = 2;

let slotsInUse = 0;
const waiting: (() => void)[] = [];

async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slotsInUse < MAX_CONCURRENT_IMAGES) slotsInUse++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or give it back.
    const next = waiting.shift();
    if (next) next();
    else slotsInUse--;
  }
}

/** For tests and metrics: images being decoded right now. */
export function imagesInProgress(): number {
  return slotsInUse;
}

export const imageTooLarge = (file: string): string =>
  `Image "${file}" is too large; it must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
export const imageTooManyPixels = (file: string): string =>
  `Image "${file}" has too many pixels; it must be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;

export interface ProcessedImage {
  /** The full-size image, re-encoded. */
  readonly key: string;
  /** Fits inside MEDIUM_IMAGE_SIZE square (never enlarged). */
  readonly mediumKey: string;
  readonly contentType: 'image/jpeg' | 'image/png' | 'image/gif';
  /** Of the full-size image, after auto-orientation. */
  readonly width: number;
  readonly height: number;
}

export interface ProcessImageOptions {
  /** The field errors are reported under; default `photos`. */
  readonly field?: string;
  /**
   * A single-file input (chat attachment, avatar) reports VAL-02's message; a multi-photo field
   * (posts, events) VAL-03's, naming the file (AMB-18). Default false.
   */
  readonly single?: boolean;
  /** First key segment; default `photos`. */
  readonly folder?: string;
  /**
   * Crop to the largest centred square, for both sizes (an avatar, shown in a circle): the
   * medium size is then MEDIUM_IMAGE_SIZE square, or the image's own side when smaller.
   */
  readonly square?: boolean;
  /** Tests lower these. */
  readonly maxBytes?: number;
  readonly maxPixels?: number;
}

const FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
} as const;

type Format = keyof typeof FORMATS;

function isAcceptedFormat(format: string | undefined): format is Format {
  return format === 'jpeg' || format === 'png' || format === 'gif';
}

const DATA_URL_PREFIX = /^data:[^,]{0,100};base64,/;

/** Base64 (optionally a data: URL) to bytes, refusing what is too large before decoding it. */
function decodeBase64(input: string, maxBytes: number, fail: () => never): Buffer {
  const text = input.replace(DATA_URL_PREFIX, '');
  // Every 4 characters hold 3 bytes; allow for padding and line breaks before deciding.
  if (Math.floor((text.length * 3) / 4) > maxBytes + 3 + Math.ceil(text.length / 76) * 2) fail();
  return Buffer.from(text, 'base64');
}

export async function processImage(
  storage: Storage,
  input: string | Buffer,
  fileName: string,
  options: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const field = options.field ?? 'photos';
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  const refuse = (message: string): never => {
    throw new ValidationError({ [field]: [message] });
  };
  const refuseType = (): never =>
    refuse(options.single ? IMAGE_TYPE_INVALID : imageFileTypeInvalid(fileName));

  const bytes =
    typeof input === 'string'
      ? decodeBase64(input, maxBytes, () => refuse(imageTooLarge(fileName)))
      : input;
  if (bytes.length > maxBytes) refuse(imageTooLarge(fileName));
  if (bytes.length === 0) refuseType();

  // The header alone: the format and the declared size, before any pixel is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuseType();
  }
  const format = metadata.format;
  if (!isAcceptedFormat(format)) return refuseType();
  const frames = format === 'gif' ? Math.max(1, metadata.pages ?? 1) : 1;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !frameHeight) return refuseType();
  if (metadata.width * frameHeight * frames > maxPixels) refuse(imageTooManyPixels(fileName));

  const animated = format === 'gif' && frames > 1;
  // limitInputPixels guards the decoder itself too, in case the header understated the size.
  const source = sharp(bytes, {
    limitInputPixels: maxPixels,
    animated,
    failOn: 'error',
  }).autoOrient();

  const encode = (image: Sharp): Sharp => {
    // No withMetadata/keepExif: sharp writes no EXIF, XMP, IPTC or comments, and converts to sRGB.
    if (format === 'gif') return image.gif();
    if (format === 'png') return image.png();
    return image.jpeg({ quality: 85 });
  };

  // Turning upright never changes the shorter side, so the square's side is known from the header.
  const side = Math.min(metadata.width, frameHeight);
  const mediumSide = Math.min(side, MEDIUM_IMAGE_SIZE);
  const fullSize = (image: Sharp): Sharp =>
    options.square ? image.resize(side, side, { fit: 'cover', position: 'centre' }) : image;
  const mediumSize = (image: Sharp): Sharp =>
    options.square
      ? image.resize(mediumSide, mediumSide, { fit: 'cover', position: 'centre' })
      : image.resize(MEDIUM_IMAGE_SIZE, MEDIUM_IMAGE_SIZE, {
          fit: 'inside',
          withoutEnlargement: true,
        });

  let full: { data: Buffer; info: OutputInfo };
  let medium: Buffer;
  try {
    [full, medium] = await withImageSlot(() =>
      Promise.all([
        encode(fullSize(source.clone())).toBuffer({ resolveWithObject: true }),
        encode(mediumSize(source.clone())).toBuffer(),
      ]),
    );
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      return refuse(imageTooManyPixels(fileName));
    }
    // Truncated or corrupt data behind a good header.
    return refuseType();
  }

  const { extension, contentType } = FORMATS[format];
  const folder = options.folder ?? 'photos';
  const name = randomBytes(16).toString('hex');
  const key = `${folder}/${name}.${extension}`;
  const mediumKey = `${folder}/${name}-medium.${extension}`;
  await storage.put(key, full.data, contentType);
  try {
    await storage.put(mediumKey, medium, contentType);
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return {
    key,
    mediumKey,
    contentType,
    width: full.info.width,
    height: full.info.pageHeight ?? full.info.height,
  };
}
