import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './index.ts';
import { createLocalStorage } from './local-storage.ts';
import { BAD_KEYS, describeStorageContract } from './storage-contract.ts';
import { StorageUnavailableError, isValidStorageKey } from './storage.ts';
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

describeStorageContract('a folder under DATA_DIR', () => ({ storage }));

describe('local storage', () => {
  it('stores under DATA_DIR/media', async () => {
    const bytes = Buffer.from('not really a jpeg, storage does not care');
    await storage.put('photos/abc123.jpg', bytes, 'image/jpeg');
    expect(fs.readFileSync(path.join(root, 'photos', 'abc123.jpg'))).toEqual(bytes);
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

  it('leaves what lies outside the media folder alone whatever the key', async () => {
    // Something worth stealing just outside the media folder.
    fs.writeFileSync(path.join(dataDir, 'secret.jpg'), 'secret');
    for (const key of BAD_KEYS) {
      expect(isValidStorageKey(key), key).toBe(false);
      expect(await storage.get(key), key).toBeNull();
      await storage.put(key, Buffer.from('x'), 'image/jpeg').catch(() => undefined);
      await storage.delete(key).catch(() => undefined);
    }
    expect(fs.readFileSync(path.join(dataDir, 'secret.jpg'), 'utf8')).toBe('secret');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['media', 'secret.jpg']);
  });

  it('names DATA_DIR when the media folder cannot be made', async () => {
    const blocker = path.join(dataDir, 'a-file');
    fs.writeFileSync(blocker, '');
    const blocked = createLocalStorage(path.join(blocker, 'media'));
    await expect(blocked.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(blocked.check()).rejects.toThrow(/Check DATA_DIR/);
    fs.rmSync(blocker);
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
