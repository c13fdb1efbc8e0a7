/**
 * Material files on the screen: fetched once with the device token, kept in the Cache API (in
 * memory where the browser offers none, e.g. a plain-http address), and read from there for every
 * play, so the loop goes on while the server is unreachable.
 */
export interface MaterialFiles {
  /** The file of `url`, from the cache or else the server; null when neither has it. */
  blob(url: string): Promise<Blob | null>;
  /** Fetches the files not yet kept, one after another; answers the urls that failed. */
  prefetch(urls: string[]): Promise<string[]>;
  /** Forgets the files of materials no longer played. */
  keepOnly(urls: string[]): Promise<void>;
}

/** The cache of the loop's material files; other files a screen keeps (its board's) go in caches of their own. */
export const MATERIAL_CACHE = 'townboard-player-files';
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

const absolute = (url: string) => new URL(url, window.location.origin).href;

export function materialFiles(token: string, cacheName = MATERIAL_CACHE): MaterialFiles {
  const memory = new Map<string, Blob>();
  const inFlight = new Map<string, Promise<Blob | null>>();
  const cache = typeof caches === 'undefined' ? null : caches.open(cacheName).catch(() => null);

  async function kept(url: string): Promise<Blob | null> {
    const store = await cache;
    if (!store) return memory.get(url) ?? null;
    const found = await store.match(absolute(url));
    return found ? found.blob() : null;
  }

  async function download(url: string): Promise<Blob | null> {
    try {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${token}` },
        credentials: 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      });
      // An error comes as a JSON envelope, never as a material.
      if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('json')) return null;
      const blob = await response.blob();
      const store = await cache;
      if (store) {
        await store.put(absolute(url), new Response(blob, { headers: { 'Content-Type': blob.type } })).catch(() => undefined);
      } else {
        memory.set(url, blob);
      }
      return blob;
    } catch {
      return null;
    }
  }

  function blob(url: string): Promise<Blob | null> {
    const running = inFlight.get(url);
    if (running) return running;
    const fetching = (async () => (await kept(url).catch(() => null)) ?? download(url))().finally(() => inFlight.delete(url));
    inFlight.set(url, fetching);
    return fetching;
  }

  return {
    blob,
    async prefetch(urls) {
      const failed: string[] = [];
      for (const url of new Set(urls)) {
        if (!(await blob(url))) failed.push(url);
      }
      return failed;
    },
    async keepOnly(urls) {
      const keep = new Set(urls.map(absolute));
      for (const url of memory.keys()) if (!keep.has(absolute(url))) memory.delete(url);
      const store = await cache;
      if (!store) return;
      for (const request of await store.keys()) {
        if (!keep.has(request.url)) await store.delete(request);
      }
    },
  };
}
