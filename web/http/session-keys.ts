/**
 * The session's key pair (docs/architecture.md §5, AMB-02, AMB-03): made at sign-in with WebCrypto,
 * Ed25519 where the browser has it and ECDSA P-256 otherwise. The private key is
 * non-extractable: it can sign but its bytes can never be read, not even by this code.
 * The pair is kept in IndexedDB with the server's `app_public_key`, so a reload restores
 * the session without signing in again.
 */

export type SessionKeyAlgorithm = 'Ed25519' | 'ECDSA-P256';

export interface GeneratedKeys {
  keyPair: CryptoKeyPair;
  algorithm: SessionKeyAlgorithm;
  /** Standard base64 of the public key's SPKI DER encoding: the wire's `public_key`. */
  publicKeyBase64: string;
}

export interface StoredSessionKeys {
  keyPair: CryptoKeyPair;
  algorithm: SessionKeyAlgorithm;
  /** The server's public key from the sign-in answer. */
  appPublicKey: string;
  /** Epoch milliseconds. */
  savedAt: number;
}

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function generateSessionKeys(
  subtle: SubtleCrypto = crypto.subtle,
): Promise<GeneratedKeys> {
  let keyPair: CryptoKeyPair;
  let algorithm: SessionKeyAlgorithm;
  try {
    keyPair = (await subtle.generateKey({ name: 'Ed25519' }, false, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    algorithm = 'Ed25519';
  } catch {
    keyPair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]);
    algorithm = 'ECDSA-P256';
  }
  // A public key is always exportable, whatever `extractable` says of the pair.
  const spki = await subtle.exportKey('spki', keyPair.publicKey);
  return { keyPair, algorithm, publicKeyBase64: toBase64(spki) };
}

const DB_NAME = 'lodgehall';
const DB_VERSION = 1;
const STORE = 'session';
const RECORD_KEY = 'current';
/** Opening IndexedDB can stall (another tab holding an old version); never keep the splash up for it. */
const OPEN_TIMEOUT_MS = 3000;

function openDatabase(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let factory: IDBFactory | undefined;
    try {
      factory = globalThis.indexedDB;
    } catch {
      factory = undefined;
    }
    if (!factory) {
      resolve(null);
      return;
    }
    const timer = setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
    const done = (db: IDBDatabase | null) => {
      clearTimeout(timer);
      resolve(db);
    };
    try {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => done(request.result);
      request.onerror = () => done(null);
    } catch {
      done(null);
    }
  });
}

function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = action(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result as T);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
  });
}

function isStoredSessionKeys(value: unknown): value is StoredSessionKeys {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<StoredSessionKeys>;
  return (
    typeof record.appPublicKey === 'string' &&
    (record.algorithm === 'Ed25519' || record.algorithm === 'ECDSA-P256') &&
    typeof record.keyPair === 'object' &&
    record.keyPair !== null &&
    typeof record.keyPair.privateKey === 'object' &&
    typeof record.keyPair.publicKey === 'object'
  );
}

/** The stored pair, or null when there is none (or storage is unavailable). Never rejects. */
export async function loadSessionKeys(): Promise<StoredSessionKeys | null> {
  const db = await openDatabase();
  if (!db) return null;
  try {
    const value = await run<unknown>(db, 'readonly', (store) => store.get(RECORD_KEY));
    return isStoredSessionKeys(value) ? value : null;
  } catch {
    return null;
  } finally {
    db.close();
  }
}

export async function saveSessionKeys(keys: StoredSessionKeys): Promise<void> {
  const db = await openDatabase();
  if (!db) throw new Error('This browser cannot keep the session keys (IndexedDB is unavailable).');
  try {
    await run(db, 'readwrite', (store) => store.put(keys, RECORD_KEY));
  } finally {
    db.close();
  }
}

/** Forgets the stored pair (AMB-03: a 401 at start-up; sign-out). Never rejects. */
export async function clearSessionKeys(): Promise<void> {
  const db = await openDatabase();
  if (!db) return;
  try {
    await run(db, 'readwrite', (store) => store.delete(RECORD_KEY));
  } catch {
    // Nothing more can be done; the server session is gone either way.
  } finally {
    db.close();
  }
}
