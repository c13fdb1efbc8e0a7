/**
 * Lookups of single keys asked within one moment (the cells of a table rendering together) sent to
 * the server as one request for all those keys, in chunks of at most `maxKeys`.
 */
export interface BatchLookup {
  /** The value of one key, null when the answer does not name it. */
  load: (key: string) => Promise<string | null>;
}

interface Waiting {
  resolve: (value: string | null) => void;
  reject: (reason: unknown) => void;
}

export function batchLookup(fetchMany: (keys: string[]) => Promise<Record<string, string>>, maxKeys = 1000): BatchLookup {
  let pending = new Map<string, Waiting[]>();
  let scheduled = false;

  const send = async (batch: Map<string, Waiting[]>) => {
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += maxKeys) {
      const chunk = keys.slice(start, start + maxKeys);
      try {
        const answered = await fetchMany(chunk);
        for (const key of chunk) batch.get(key)?.forEach((waiting) => waiting.resolve(answered[key] ?? null));
      } catch (error) {
        for (const key of chunk) batch.get(key)?.forEach((waiting) => waiting.reject(error));
      }
    }
  };

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    void send(batch);
  };

  return {
    load: (key) =>
      new Promise((resolve, reject) => {
        pending.set(key, [...(pending.get(key) ?? []), { resolve, reject }]);
        if (!scheduled) {
          scheduled = true;
          // After the current task: every component mounted by this render has asked by then.
          setTimeout(flush, 0);
        }
      }),
  };
}
