/**
 * What every `Storage` adapter must do (docs/decisions.md D75), run by each adapter's own test
 * file against a real backend: local-storage.test.ts on a temporary folder, s3-storage.test.ts on
 * a real S3-compatible server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from './storage.ts';
import type { Storage } from './storage.ts';

export interface ContractSubject {
  readonly storage: Storage;
  /** Requests the backend has received so far, where the adapter's backend can count them. */
  readonly requests?: () => number;
}

/** Keys that must be refused: every way out of a folder, or a name that reads two ways. */
export const BAD_KEYS = [
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

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `subject` is called inside the tests, after the file's beforeAll has made the adapter. */
export function describeStorageContract(name: string, subject: () => ContractSubject): void {
  describe(`the storage contract: ${name}`, () => {
    it('is usable as configured', async () => {
      await expect(subject().storage.check()).resolves.toBeUndefined();
    });

    it('reads back what it stored, whole, as a stream and by existence', async () => {
      const { storage } = subject();
      const bytes = Buffer.from('not really a jpeg, storage does not care');
      await storage.put('photos/contract-abc123.jpg', bytes, 'image/jpeg');
      expect(await storage.get('photos/contract-abc123.jpg')).toEqual(bytes);
      expect(await storage.exists('photos/contract-abc123.jpg')).toBe(true);
      const object = await storage.stream('photos/contract-abc123.jpg');
      expect(object).toMatchObject({ size: bytes.length, contentType: 'image/jpeg' });
      expect(object && (await buffer(object.body))).toEqual(bytes);
    });

    it('serves every object at /media/<key>', () => {
      const { storage } = subject();
      expect(storage.url('photos/abc123.jpg')).toBe('/media/photos/abc123.jpg');
      expect(storage.url('demo/club-1-medium.png')).toBe('/media/demo/club-1-medium.png');
    });

    it('gives each key the content type of its extension, and refuses one that does not match', async () => {
      const { storage } = subject();
      for (const [key, type] of [
        ['types/a.jpg', 'image/jpeg'],
        ['types/b.jpeg', 'image/jpeg'],
        ['types/c.png', 'image/png'],
        ['types/d.gif', 'image/gif'],
      ] as const) {
        await storage.put(key, Buffer.from(key), type);
        const object = await storage.stream(key);
        expect(object?.contentType, key).toBe(type);
        object?.body.destroy();
      }
      await expect(storage.put('types/e.png', Buffer.from('x'), 'text/html')).rejects.toThrow(
        /does not match/,
      );
      await expect(storage.put('types/f.png', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
        /does not match/,
      );
      expect(await storage.exists('types/e.png')).toBe(false);
      expect(await storage.exists('types/f.png')).toBe(false);
    });

    it('replaces an object, and concurrent writers leave one whole version', async () => {
      const { storage } = subject();
      await storage.put('replace/club-1.png', Buffer.from('one'), 'image/png');
      await storage.put('replace/club-1.png', Buffer.from('two, longer'), 'image/png');
      expect(String(await storage.get('replace/club-1.png'))).toBe('two, longer');
      expect((await storage.stream('replace/club-1.png'))?.size).toBe('two, longer'.length);
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          storage.put('replace/club-1.png', Buffer.from(`version ${i}`), 'image/png'),
        ),
      );
      expect(String(await storage.get('replace/club-1.png'))).toMatch(/^version \d$/);
    });

    it('answers a missing key with null or false, and deletes idempotently', async () => {
      const { storage } = subject();
      await storage.put('gone/x.gif', Buffer.from('x'), 'image/gif');
      await storage.delete('gone/x.gif');
      await storage.delete('gone/x.gif');
      await storage.delete('never/was.jpg');
      expect(await storage.get('gone/x.gif')).toBeNull();
      expect(await storage.stream('gone/x.gif')).toBeNull();
      expect(await storage.exists('gone/x.gif')).toBe(false);
      expect(await storage.get('never/was.jpg')).toBeNull();
      expect(await storage.stream('never/was.jpg')).toBeNull();
      expect(await storage.exists('never/was.jpg')).toBe(false);
    });

    it('refuses an invalid key before it asks the backend anything', async () => {
      const { storage, requests } = subject();
      const before = requests?.();
      for (const key of BAD_KEYS) {
        expect(await storage.get(key), key).toBeNull();
        expect(await storage.stream(key), key).toBeNull();
        expect(await storage.exists(key), key).toBe(false);
        await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      expect(requests?.()).toBe(before);
    });

    it('streams a large object in pieces as they come, not read whole first', async () => {
      const { storage } = subject();
      const bytes = randomBytes(6 * 1024 * 1024);
      await storage.put('large/photo.jpg', bytes, 'image/jpeg');
      const object = await storage.stream('large/photo.jpg');
      if (!object) throw new Error('the large object is missing');
      expect(object.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      expect(chunks.length).toBeGreaterThan(1);
      expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(bytes.length);
      expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
      expect(sha256((await storage.get('large/photo.jpg')) ?? Buffer.alloc(0))).toBe(sha256(bytes));
    });

    it('lets go of a stream that is not read', async () => {
      const { storage } = subject();
      await storage.put('unread/a.jpg', randomBytes(256 * 1024), 'image/jpeg');
      for (let i = 0; i < 60; i++) (await storage.stream('unread/a.jpg'))?.body.destroy();
      // With a connection kept by each abandoned body, this would wait for one forever.
      expect(await storage.exists('unread/a.jpg')).toBe(true);
    });
  });
}
