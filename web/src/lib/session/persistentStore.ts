import { useSyncExternalStore } from 'react';

export interface PersistentStore<T> {
  get(): T;
  set(next: T): void;
  update(change: (current: T) => T): void;
  /** Forgets the stored value and falls back to the initial one. */
  reset(): void;
  subscribe(listener: () => void): () => void;
  use(): T;
}

/** A value kept in localStorage under `key`, observable by components, and in step across tabs. */
export function persistentStore<T>(key: string, initial: T): PersistentStore<T> {
  const listeners = new Set<() => void>();
  let current = read();

  function read(): T {
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? initial : { ...initial, ...(JSON.parse(raw) as T) };
    } catch {
      return initial;
    }
  }

  function emit(): void {
    for (const listener of listeners) listener();
  }

  window.addEventListener('storage', (event) => {
    // `key` is null when another tab cleared the whole storage (its logout).
    if (event.key === key || event.key === null) {
      current = read();
      emit();
    }
  });

  const store: PersistentStore<T> = {
    get: () => current,
    set(next) {
      current = next;
      localStorage.setItem(key, JSON.stringify(next));
      emit();
    },
    update(change) {
      store.set(change(current));
    },
    reset() {
      current = initial;
      localStorage.removeItem(key);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use: () => useSyncExternalStore(store.subscribe, store.get),
  };
  return store;
}
