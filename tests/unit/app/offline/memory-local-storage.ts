/**
 * The token store reads localStorage; node has none, so the offline tests give it one backed by a
 * Map. Answers the Map, for tests that set or clear the stored token directly.
 */
export function installMemoryLocalStorage(): Map<string, string> {
  const storage = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear(),
    key: () => null,
    length: 0,
  } as Storage;
  return storage;
}
