import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Offline OCR of scanned invoice pages, English and French, with tesseract.js.
 *
 * The language data is the LSTM models (`4.0.0_best_int`) of the @tesseract.js-data packages in
 * node_modules, read from disk and never downloaded: a local `langPath` is read with `fs`, the
 * engine is required from tesseract.js-core, and `cacheMethod: 'none'` writes no cache. tesseract.js
 * reads every language from one `langPath` while each package keeps its own folder, so both files
 * are copied into a temporary folder for the run.
 *
 * The worker (a thread with the WebAssembly engine and both models, about 100 MB) lives only during
 * a run: started on first use, terminated after, so the server starts and idles without it. Runs
 * take turns, so a burst of scans cannot take every core; a run that reaches its deadline (its wait
 * included) is stopped and reads nothing.
 */

const languages = ['eng', 'fra'] as const;
const requireFromHere = createRequire(import.meta.url);
const modelFile = (language: (typeof languages)[number]) =>
  path.join(
    path.dirname(requireFromHere.resolve(`@tesseract.js-data/${language}/package.json`)),
    '4.0.0_best_int',
    `${language}.traineddata.gz`,
  );

let turn: Promise<unknown> = Promise.resolve();

/** The text of the page images (PNG), in order; null when the deadline (ms since the epoch) came first. */
export function recognizePages(pages: readonly Uint8Array[], deadline: number): Promise<string | null> {
  const run = turn.then(() => recognize(pages, deadline));
  turn = run.catch(() => undefined);
  return run;
}

async function recognize(pages: readonly Uint8Array[], deadline: number): Promise<string | null> {
  if (Date.now() >= deadline) return null;
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = await mkdtemp(path.join(tmpdir(), 'copro-ocr-'));
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadline - Date.now());
  });
  const started = Promise.all(
    languages.map((language) =>
      copyFile(modelFile(language), path.join(langPath, `${language}.traineddata.gz`)),
    ),
  ).then(() =>
    createWorker([...languages], OEM.LSTM_ONLY, {
      langPath,
      cacheMethod: 'none',
      // Without a handler, tesseract.js throws a worker's error from its message listener, out of reach.
      errorHandler: () => undefined,
    }),
  );
  let timedOut = false;
  void timeUp.then(() => {
    timedOut = true;
  });
  const work = started.then(async (worker) => {
    const texts: string[] = [];
    for (const page of pages) {
      if (timedOut) break;
      texts.push((await worker.recognize(Buffer.from(page))).data.text);
    }
    return texts.join('\n');
  });
  // Stopped once the work ends or time is up; a worker still starting then is stopped once started,
  // and its folder removed only after, as it reads its models from there.
  const stopped = Promise.race([work.catch(() => undefined), timeUp])
    .then(() => started)
    .then((worker) => worker.terminate())
    .catch(() => undefined)
    .finally(() => rm(langPath, { recursive: true, force: true }))
    .catch((error: unknown) => console.error('[ocr] clean-up failed:', error));
  try {
    return await Promise.race([timeUp, work]);
  } finally {
    clearTimeout(timer);
    await Promise.race([stopped, timeUp]);
  }
}
