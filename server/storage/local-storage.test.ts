import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './index.ts';
import { createLocalStorage } from './local-storage.ts';
import { InvalidStorageKeyError, isValidStorageKey } from './storage.ts';
import type { Storage } from './storage.ts';

let dataDir: string;
let root: string;
let storage: Storage;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-storage-'));
  root = path.join(dataDir, 'media');
  storage = createStorage({ DATA_DIR: dataDir });
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BAD_KEYS = [
  '',
  '../secret.jpg',
  'photos/../../etc/passwd.jpg',
  'photos/../x.jpg',
  './x.jpg',
  '/etc/x.jpg',
  'photos//x.jpg',
  'photos\\x.jpg',
  '..\\x.jpg',
  '.hidden.jpg',
  'photos/.x.jpg.abc.tmp',
  'photos/x.jpg/',
  'photos/x',
  'photos/x.txt',
  'photos/x.html',
  'photos/X.jpg',
  'photos/x%2e%2e.jpg',
  'photos/x.jpg\0.png',
  'a/b/c/d/e/f/x.jpg',
  `photos/${'a'.repeat(200)}.jpg`,
];

describe('local storage', () => {
  it('stores under DATA_DIR/media and reads back what it wrote', async () => {
    const bytes = Buffer.from('not really a jpeg, storage does not care');
    await storage.put('photos/abc123.jpg', bytes, 'image/jpeg');
    expect(fs.readFileSync(path.join(root, 'photos', 'abc123.jpg'))).toEqual(bytes);
    expect(await storage.get('photos/abc123.jpg')).toEqual(bytes);
    expect(await storage.exists('photos/abc123.jpg')).toBe(true);

    const object = await storage.stream('photos/abc123.jpg');
    expect(object).toMatchObject({ size: bytes.length, contentType: 'image/jpeg' });
    expect(await text(object?.body ?? Readable.from([]))).toBe(bytes.toString());

    expect(storage.url('photos/abc123.jpg')).toBe('/media/photos/abc123.jpg');
  });

  it('replaces atomically and leaves no temporary files', async () => {
    await storage.put('demo/club-1.png', Buffer.from('one'), 'image/png');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storage.put('demo/club-1.png', Buffer.from(`version ${i}`), 'image/png'),
      ),
    );
    expect(String(await storage.get('demo/club-1.png'))).toMatch(/^version \d+$/);
    expect(fs.readdirSync(path.join(root, 'demo'))).toEqual(['club-1.png']);
  });

  it('deletes, and a missing key is null, false or a no-op', async () => {
    await storage.put('photos/gone.gif', Buffer.from('x'), 'image/gif');
    await storage.delete('photos/gone.gif');
    await storage.delete('photos/gone.gif');
    expect(await storage.get('photos/gone.gif')).toBeNull();
    expect(await storage.stream('photos/gone.gif')).toBeNull();
    expect(await storage.exists('photos/gone.gif')).toBe(false);
    expect(await storage.get('never/was.jpg')).toBeNull();
  });

  it('refuses a content type that does not match the key', async () => {
    await expect(storage.put('photos/a.png', Buffer.from('x'), 'text/html')).rejects.toThrow(
      /does not match/,
    );
    expect(await storage.exists('photos/a.png')).toBe(false);
  });

  it('refuses every key that could leave the folder or be read two ways', async () => {
    // Something worth stealing just outside the media folder.
    fs.writeFileSync(path.join(dataDir, 'secret.jpg'), 'secret');
    for (const key of BAD_KEYS) {
      expect(isValidStorageKey(key), key).toBe(false);
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.stream(key), key).toBeNull();
      expect(await storage.exists(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(fs.readFileSync(path.join(dataDir, 'secret.jpg'), 'utf8')).toBe('secret');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['media', 'secret.jpg']);
  });

  it('accepts the keys the app makes', () => {
    for (const key of [
      'photos/0123456789abcdef0123456789abcdef.jpg',
      'photos/0123456789abcdef0123456789abcdef-medium.gif',
      'demo/photo-1-medium.jpg',
      'demo/map-4.png',
      'x.jpeg',
    ]) {
      expect(isValidStorageKey(key), key).toBe(true);
    }
  });

  it('treats a folder where a file was asked for as missing', async () => {
    const local = createLocalStorage(root);
    fs.mkdirSync(path.join(root, 'odd', 'folder.jpg'), { recursive: true });
    expect(await local.get('odd/folder.jpg')).toBeNull();
    expect(await local.stream('odd/folder.jpg')).toBeNull();
    expect(await local.exists('odd/folder.jpg')).toBe(false);
  });
});
