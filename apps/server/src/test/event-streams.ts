import type { LiveChange } from '@copro/domain';
import type { TestUser } from './harness';

export interface EventStream {
  status: number;
  changes: LiveChange[];
  /** Resolves with the first change the predicate accepts, or rejects after `ms`. */
  next(predicate: (change: LiveChange) => boolean, ms?: number): Promise<LiveChange>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Event streams opened as a browser would, against an app listening on a port (inject cannot
 * stream). `closeAll` in afterAll, so no stream holds the server's close.
 */
export function eventStreams() {
  const opened: EventStream[] = [];

  /** Opens an event stream and parses `event: change` messages as they arrive. */
  async function open(url: string, user: TestUser | null): Promise<EventStream> {
    const controller = new AbortController();
    const res = await fetch(url, {
      headers: user ? { cookie: user.cookie } : {},
      signal: controller.signal,
    });
    const changes: LiveChange[] = [];
    const waiters = new Set<() => void>();
    let connected = false;
    let markConnected = (): void => {};
    const whenConnected = new Promise<void>((resolve) => (markConnected = resolve));
    const ended = (async () => {
      if (res.status !== 200 || !res.body) return;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = message.split('\n');
            if (lines.includes(': connected')) {
              connected = true;
              markConnected();
            }
            const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
            const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
            if (event === 'change' && data) {
              changes.push(JSON.parse(data) as LiveChange);
              for (const wake of waiters) wake();
            }
          }
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
      }
    })();
    const stream: EventStream = {
      status: res.status,
      changes,
      next(predicate, ms = 2000) {
        return new Promise((resolve, reject) => {
          const check = (): boolean => {
            const found = changes.find(predicate);
            if (found) {
              waiters.delete(wake);
              clearTimeout(timer);
              resolve(found);
            }
            return Boolean(found);
          };
          const wake = (): void => void check();
          const timer = setTimeout(() => {
            waiters.delete(wake);
            reject(new Error(`no matching change within ${ms} ms; got ${JSON.stringify(changes)}`));
          }, ms);
          waiters.add(wake);
          check();
        });
      },
      close: () => controller.abort(),
      ended,
    };
    opened.push(stream);
    if (res.status === 200) {
      // The server subscribes before it writes ": connected": from here on no event is missed.
      await Promise.race([whenConnected, sleep(2000)]);
      if (!connected) throw new Error('the event stream did not say it is connected');
    } else {
      await res.body?.cancel();
    }
    return stream;
  }

  async function closeAll(): Promise<void> {
    for (const stream of opened) stream.close();
    await Promise.all(opened.map((s) => s.ended.catch(() => undefined)));
  }

  return { open, closeAll };
}
