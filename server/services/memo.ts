export interface Memo {
  <T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  /**
   * Drops every answer whose key begins with `prefix`, so this node's next call loads afresh:
   * for the node that made a change (organisation settings, D68), which must show it at once.
   */
  forget(prefix: string): void;
}

/**
 * A per-app store of loader answers kept for a TTL, for reference data that changes a few times
 * a year (the organisation lists): every node serves it from memory and sees a change within
 * the TTL. Concurrent callers during a load share one query; a failed load is not kept.
 */
export function createMemo(): Memo {
  const entries = new Map<string, { value: Promise<unknown>; loadedAt: number }>();
  const memo = <T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && now - entry.loadedAt <= ttlMs) return entry.value as Promise<T>;
    const value = load();
    entries.set(key, { value, loadedAt: now });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
  const forget = (prefix: string): void => {
    for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
  };
  return Object.assign(memo, { forget });
}
