import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  StorageUnavailableError,
  assertValidStorageKey,
  contentTypeOfKey,
  isValidStorageKey,
  mediaPath,
} from './storage.ts';
import type { Storage, StoredObject } from './storage.ts';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * The embedded default: one file per key under `<DATA_DIR>/media`. A write goes to a temporary
 * file in the same folder and is renamed into place, so a reader (or a crash) never sees half an
 * image. Temporary names start with a dot, which no valid key can, so they are never served.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  function fileOf(key: string): string {
    assertValidStorageKey(key);
    const file = path.resolve(base, ...key.split('/'));
    // The key grammar already rules out traversal; this keeps it true if the grammar changes.
    if (!file.startsWith(base + path.sep)) throw new Error('storage key escapes the media folder');
    return file;
  }

  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`content type ${contentType} does not match the key ${key}`);
      }
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        await fs.promises.writeFile(temporary, bytes, { flag: 'wx' });
        await fs.promises.rename(temporary, file);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stream(key): Promise<StoredObject | null> {
      if (!isValidStorageKey(key)) return null;
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the handle from here and closes it when done or destroyed.
        return {
          body: handle.createReadStream(),
          size: stat.size,
          contentType: contentTypeOfKey(key),
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async exists(key) {
      if (!isValidStorageKey(key)) return false;
      try {
        return (await fs.promises.stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    url: mediaPath,

    async check() {
      try {
        await fs.promises.mkdir(base, { recursive: true });
        await fs.promises.access(base, fs.constants.W_OK);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StorageUnavailableError(
          `cannot write the media folder ${base}: ${reason}. Check DATA_DIR.`,
        );
      }
    },

    close() {
      // Nothing is held open between calls.
    },
  };
}
