export type Memo = <T>(key: string, ttlMs: number, load: () => Promise<T>) => Promise<T>;

/**
 * A per-app store of loader answers kept for a TTL, for reference data that changes a few times
 * a year (the organisation lists): every node serves it from memory and sees a change within
 * the TTL. Concurrent callers during a load share one query; a failed load is not kept.
 */
export function createMemo(): Memo {
  const entries = new Map<string, { value: Promise<unknown>; loadedAt: number }>();
  return <T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> => {
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
}
