import { PassThrough, type Readable } from 'node:stream';

/**
 * A text download written as it is produced: `produce` gets a `write` that waits while the reader
 * is behind, and fails once the reader has gone, so an abandoned download stops reading the
 * database instead of buffering it.
 */
export function textStream(produce: (write: (chunk: string) => Promise<void>) => Promise<void>): Readable {
  const stream = new PassThrough();
  const write = (chunk: string): Promise<void> => {
    if (stream.destroyed) return Promise.reject(new Error('the reader has gone'));
    if (stream.write(chunk)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (): void => {
        stream.off('drain', done);
        stream.off('close', gone);
        resolve();
      };
      const gone = (): void => {
        stream.off('drain', done);
        reject(new Error('the reader has gone'));
      };
      stream.once('drain', done);
      stream.once('close', gone);
    });
  };
  produce(write).then(
    () => stream.end(),
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
