import { lazy, type ComponentType } from 'react';

const storageKey = 'copro.chunkReloads';
/** SPEC 9: three reloads within 2 s means reloading does not help: show the error screen instead. */
const maxReloads = 3;
const windowMs = 2_000;
/** SPEC 9: a lazy chunk that has not arrived after 120 s counts as failed. */
const chunkTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the application could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

function recentReloads(now: number): number[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((t): t is number => typeof t === 'number' && now - t < windowMs)
      : [];
  } catch {
    return [];
  }
}

/**
 * A chunk usually fails because a new version was deployed and the old files are gone: a reload
 * fetches the new ones. Returns false when reloading keeps failing.
 */
function reloadForChunk(): boolean {
  const now = Date.now();
  const reloads = recentReloads(now);
  if (reloads.length >= maxReloads) return false;
  try {
    sessionStorage.setItem(storageKey, JSON.stringify([...reloads, now]));
  } catch {
    return false; // without storage we could not stop a reload loop
  }
  window.location.reload();
  return true;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chunk load timed out')), chunkTimeoutMs);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Loads a part of the app (a page, a language): reloads on failure, or throws ChunkLoadError. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await withTimeout(load());
  } catch (error) {
    // Never resolves: the page is going away.
    if (reloadForChunk()) return new Promise<never>(() => undefined);
    throw new ChunkLoadError(error);
  }
}

/**
 * React.lazy for a page module: reload on chunk failure, or throw ChunkLoadError to the error
 * screen. Its `preload` is what the router calls for each route it is about to show (and on a
 * link's hover): the page's code comes while the route's data loads, not after. A failed preload
 * is left for the page itself to retry, with the reload above.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const page = lazy(() =>
    loaded
      ? answered({ default: loaded })
      : loadChunk(loadOnce).then((component) => ({ default: component })),
  );
  return Object.assign(page, {
    preload: (): Promise<void> =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/**
 * A thenable that calls back at once. React.lazy reads it without suspending, so a page whose code
 * is already here is drawn in the same pass, with no loader in between (a Promise calls back later).
 */
function answered<T>(value: T): Promise<T> {
  return { then: (resolve: (value: T) => void) => resolve(value) } as unknown as Promise<T>;
}
