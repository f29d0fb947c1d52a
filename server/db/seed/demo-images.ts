/**
 * Placeholder pictures for the demo data: every key demoImageKeys() lists is drawn here with
 * sharp, so the demo's avatars, lodge emblems, photos and maps show something calm and real-looking
 * without shipping image files. Drawings are shapes only (no text, so no font is needed) and
 * deterministic from the key; a key already in storage is left alone.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../storage/storage.ts';
import { contentTypeOfKey } from '../../storage/storage.ts';
import { demoImageKeys } from './content.ts';

/** Muted, dark enough for white shapes on top (at least 4.5:1 against white). */
const PALETTE = [
  '#1f4e79',
  '#2e5e4e',
  '#6b2e2e',
  '#4b3b6b',
  '#5a4a1f',
  '#23545f',
  '#3f4a5a',
  '#6a3a52',
] as const;

const SKY = ['#8fb3d9', '#a9c7b8', '#d9b99b', '#b9aed6', '#c9c3a3', '#9ec9cf'] as const;

interface Drawing {
  width: number;
  height: number;
  svg: string;
}

function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

function pick(list: readonly string[], seed: number, salt = 0): string {
  return list[(seed + salt * 7919) % list.length] ?? '#1f4e79';
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A member: a head and shoulders on a solid colour. */
function avatar(size: number, seed: number): Drawing {
  const colour = pick(PALETTE, seed);
  const s = size / 100;
  const body =
    `<rect width="${size}" height="${size}" fill="${colour}"/>` +
    `<circle cx="${50 * s}" cy="${38 * s}" r="${17 * s}" fill="#ffffff" fill-opacity="0.85"/>` +
    `<path d="M ${18 * s} ${100 * s} Q ${18 * s} ${62 * s} ${50 * s} ${62 * s} Q ${82 * s} ${62 * s} ${82 * s} ${100 * s} Z" fill="#ffffff" fill-opacity="0.85"/>`;
  return { width: size, height: size, svg: svg(size, size, body) };
}

/** A lodge: a hall front (pediment, columns, steps) on a solid colour. */
function emblem(size: number, seed: number): Drawing {
  const colour = pick(PALETTE, seed);
  const s = size / 100;
  const columns = 3 + (seed % 3);
  const left = 26;
  const span = 48;
  let columnShapes = '';
  for (let i = 0; i < columns; i++) {
    const x = left + (span * i) / (columns - 1) - 2.5;
    columnShapes += `<rect x="${x * s}" y="${44 * s}" width="${5 * s}" height="${30 * s}" fill="#ffffff"/>`;
  }
  const body =
    `<rect width="${size}" height="${size}" fill="${colour}"/>` +
    `<circle cx="${50 * s}" cy="${50 * s}" r="${44 * s}" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="${2 * s}"/>` +
    `<path d="M ${20 * s} ${42 * s} L ${50 * s} ${24 * s} L ${80 * s} ${42 * s} Z" fill="#ffffff"/>` +
    columnShapes +
    `<rect x="${20 * s}" y="${74 * s}" width="${60 * s}" height="${4 * s}" fill="#ffffff"/>` +
    `<rect x="${16 * s}" y="${78 * s}" width="${68 * s}" height="${4 * s}" fill="#ffffff"/>`;
  return { width: size, height: size, svg: svg(size, size, body) };
}

/** An event photo: sky, rolling hills and a small hall, in soft colours. */
function landscape(width: number, seed: number): Drawing {
  const height = Math.round((width * 2) / 3);
  const sky = pick(SKY, seed);
  const hill = pick(PALETTE, seed, 1);
  const far = pick(PALETTE, seed, 2);
  const w = width / 300;
  const sunX = 40 + (seed % 220);
  const hallX = 60 + ((seed >> 8) % 160);
  const body =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#f4efe6"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>` +
    `<circle cx="${sunX * w}" cy="${45 * w}" r="${16 * w}" fill="#fff6d8" fill-opacity="0.9"/>` +
    `<path d="M 0 ${130 * w} Q ${80 * w} ${95 * w} ${160 * w} ${125 * w} T ${300 * w} ${115 * w} L ${300 * w} ${200 * w} L 0 ${200 * w} Z" fill="${far}" fill-opacity="0.55"/>` +
    `<rect x="${hallX * w}" y="${118 * w}" width="${40 * w}" height="${24 * w}" fill="#f7f3ea"/>` +
    `<path d="M ${(hallX - 4) * w} ${118 * w} L ${(hallX + 20) * w} ${104 * w} L ${(hallX + 44) * w} ${118 * w} Z" fill="#f7f3ea"/>` +
    `<rect x="${(hallX + 16) * w}" y="${128 * w}" width="${8 * w}" height="${14 * w}" fill="${hill}"/>` +
    `<path d="M 0 ${150 * w} Q ${100 * w} ${125 * w} ${200 * w} ${148 * w} T ${300 * w} ${140 * w} L ${300 * w} ${200 * w} L 0 ${200 * w} Z" fill="${hill}"/>`;
  return { width, height, svg: svg(width, height, body) };
}

/** A street map tile (the spec's 400x400 map image): blocks, streets and a pin. */
function map(seed: number): Drawing {
  const size = 400;
  let streets = '';
  for (let i = 0; i < 5; i++) {
    const x = 30 + i * 85 + ((seed >> i) % 20);
    const y = 20 + i * 90 + ((seed >> (i + 5)) % 20);
    streets += `<rect x="${x}" y="0" width="10" height="${size}" fill="#ffffff"/>`;
    streets += `<rect x="0" y="${y}" width="${size}" height="10" fill="#ffffff"/>`;
  }
  const park = `<rect x="${60 + (seed % 150)}" y="${240 - (seed % 120)}" width="70" height="60" fill="#cfe3c4"/>`;
  const body =
    `<rect width="${size}" height="${size}" fill="#ece6da"/>` +
    park +
    streets +
    `<path d="M 200 210 C 180 180 176 170 176 160 A 24 24 0 1 1 224 160 C 224 170 220 180 200 210 Z" fill="#b3261e"/>` +
    `<circle cx="200" cy="160" r="9" fill="#ffffff"/>`;
  return { width: size, height: size, svg: svg(size, size, body) };
}

const KEY_SHAPE = /^demo\/(photo|avatar|club|map)-(\d+)(-medium)?\.(jpg|png)$/;

/** The drawing for one demo key, or null when the key is not one of the demo's. */
export function demoDrawing(key: string): Drawing | null {
  const match = KEY_SHAPE.exec(key);
  if (!match) return null;
  const [, kind, number, medium] = match;
  // Full and medium of one picture share a seed, so they show the same thing.
  const seed = seedOf(`${kind}-${number}`);
  switch (kind) {
    case 'photo':
      return landscape(medium ? 800 : 1600, seed);
    case 'avatar':
      return avatar(medium ? 200 : 512, seed);
    case 'club':
      return emblem(medium ? 200 : 512, seed);
    default:
      return map(seed);
  }
}

export async function renderDemoImage(key: string): Promise<Buffer | null> {
  const drawing = demoDrawing(key);
  if (!drawing) return null;
  const image = sharp(Buffer.from(drawing.svg), { density: 72 });
  return contentTypeOfKey(key) === 'image/png'
    ? image.png().toBuffer()
    : image.jpeg({ quality: 82 }).toBuffer();
}

/**
 * Draws and stores every demo image that storage does not hold yet; returns how many it made.
 * Keys that are not demo drawings are skipped.
 */
export async function ensureDemoImages(
  storage: Storage,
  keys: readonly string[] = demoImageKeys(),
): Promise<number> {
  let made = 0;
  let next = 0;
  // A few at a time: sharp renders on its own threads, so this keeps them busy.
  const worker = async (): Promise<void> => {
    for (let key = keys[next++]; key !== undefined; key = keys[next++]) {
      if (await storage.exists(key)) continue;
      const bytes = await renderDemoImage(key);
      if (!bytes) continue;
      await storage.put(key, bytes, contentTypeOfKey(key));
      made++;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return made;
}
