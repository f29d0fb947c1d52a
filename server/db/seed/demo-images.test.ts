import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { demoImageKeys } from './content.ts';
import { ensureDemoImages, renderDemoImage } from './demo-images.ts';

let root: string;
let storage: Storage;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-demo-images-'));
  storage = createLocalStorage(root);
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('demo images', () => {
  it('draws every key the demo data refers to, once', async () => {
    const keys = demoImageKeys();
    expect(await ensureDemoImages(storage, keys)).toBe(keys.length);
    for (const key of keys) {
      const bytes = await storage.get(key);
      if (!bytes) throw new Error(`${key} was not drawn`);
      const meta = await sharp(bytes).metadata();
      expect(meta.format, key).toBe(key.endsWith('.png') ? 'png' : 'jpeg');
      if (key.includes('-medium')) {
        expect(Math.max(meta.width, meta.height), key).toBeLessThanOrEqual(800);
      }
      if (key.startsWith('demo/map-')) expect([meta.width, meta.height]).toEqual([400, 400]);
    }
    // A second start finds them all and draws nothing.
    expect(await ensureDemoImages(storage, keys)).toBe(0);
  }, 60_000);

  it('is deterministic, and different pictures differ', async () => {
    const a = await renderDemoImage('demo/avatar-1.jpg');
    expect(a).toEqual(await renderDemoImage('demo/avatar-1.jpg'));
    expect(a).not.toEqual(await renderDemoImage('demo/avatar-2.jpg'));
    expect(await renderDemoImage('photos/unknown.jpg')).toBeNull();
  });
});
