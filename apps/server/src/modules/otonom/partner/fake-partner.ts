import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Papa from 'papaparse';

/**
 * A local stand-in for the payment partner, speaking its HTTP API (http-partner.ts) with
 * node:http: the tests and the demo (`npm start` on the embedded database) send to it, so what
 * they show is what the real partner would be sent. It keeps the files it received (an
 * `Idempotency-Key` seen before answers the first file's id and keeps nothing new), reads their
 * rows' references, and answers statuses like a partner that works: each transaction starts
 * `toProcess` and every statuses call moves it one step, `toProcess → withdrawalDone →
 * completed`, unless `setStatus` pinned it (an NSF: `processedNSF` with `901`). Its admin
 * endpoint `POST {url}/fake/status {reference, status, returnCode?, date?}` pins a status without
 * code (the browser test, the demo). A reference it never received is left out of the answer.
 */

export interface ReceivedFile {
  fileId: string;
  otonomId: string;
  clientId: string;
  apiVersion: string;
  type: number;
  fileName: string;
  content: string;
  idempotencyKey: string | null;
  authorization: string | null;
  /** The rows' references, in order. */
  references: string[];
}

export interface FakePartner {
  /** Where it listens, without a trailing slash (the value of OTONOM_URL). */
  url: string;
  close(): Promise<void>;
  received(): ReceivedFile[];
  /** Pins the answer for a reference: it no longer advances. */
  setStatus(reference: string, status: string, returnCode?: string | null, date?: string | null): void;
  /** The next file is refused with this HTTP status and message (a partner that says no). */
  refuseNextFile(status: number, message: string): void;
}

interface Tracked {
  status: string;
  returnCode: string | null;
  date: string | null;
  pinned: boolean;
}

/** Advancing, one step per statuses call. */
const nextStep: Record<string, string> = { toProcess: 'withdrawalDone', withdrawalDone: 'completed' };

/** The URLs of the fakes running in this process: the settings page says the partner is a fake. */
const runningFakes = new Set<string>();
export const isFakePartnerUrl = (url: string): boolean => runningFakes.has(url.replace(/\/+$/, ''));

/** The references of a partner CSV: the column headed `reference` (both API versions). */
function referencesOf(content: string): string[] {
  const parsed = Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: 'greedy' });
  return parsed.data.map((row) => row.reference?.trim() ?? '').filter((r) => r !== '');
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

const answer = (res: ServerResponse, status: number, body: object) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export async function startFakePartner(options: { port?: number; host?: string } = {}): Promise<FakePartner> {
  const files: ReceivedFile[] = [];
  const byKey = new Map<string, ReceivedFile>();
  const transactions = new Map<string, Tracked>();
  let refusal: { status: number; message: string } | null = null;

  const pin = (reference: string, status: string, returnCode?: string | null, date?: string | null) => {
    transactions.set(reference, { status, returnCode: returnCode ?? null, date: date ?? null, pinned: true });
  };

  const receiveFile = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => {
    const key = text(req.headers['idempotency-key']);
    const known = key ? byKey.get(key) : undefined;
    if (known) return answer(res, 200, { fileId: known.fileId });
    if (refusal) {
      const { status, message } = refusal;
      refusal = null;
      return answer(res, status, { message });
    }
    const content = text(body.content);
    if (content === null || text(body.otonomId) === null || text(body.clientId) === null)
      return answer(res, 400, { message: 'otonomId, clientId and content are required' });
    const file: ReceivedFile = {
      fileId: randomUUID(),
      otonomId: text(body.otonomId) ?? '',
      clientId: text(body.clientId) ?? '',
      apiVersion: text(body.apiVersion) ?? '',
      type: typeof body.type === 'number' ? body.type : -1,
      fileName: text(body.fileName) ?? '',
      content,
      idempotencyKey: key,
      authorization: text(req.headers.authorization),
      references: referencesOf(content),
    };
    files.push(file);
    if (key) byKey.set(key, file);
    for (const reference of file.references) {
      if (!transactions.has(reference))
        transactions.set(reference, { status: 'toProcess', returnCode: null, date: null, pinned: false });
    }
    return answer(res, 201, { fileId: file.fileId });
  };

  const answerStatuses = (res: ServerResponse, body: Record<string, unknown>) => {
    const references = Array.isArray(body.references)
      ? body.references.filter((r) => typeof r === 'string')
      : [];
    const known = references.flatMap((reference) => {
      const t = transactions.get(reference);
      if (!t) return [];
      if (!t.pinned) t.status = nextStep[t.status] ?? t.status;
      return [{ reference, status: t.status, returnCode: t.returnCode, date: t.date }];
    });
    return answer(res, 200, { transactions: known });
  };

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST') return answer(res, 404, { message: 'not found' });
      let body: Record<string, unknown>;
      try {
        const parsed = await bodyOf(req);
        body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      } catch {
        return answer(res, 400, { message: 'the body is not JSON' });
      }
      const path = (req.url ?? '').split('?')[0];
      if (path === '/v1/files') return receiveFile(req, res, body);
      if (path === '/v1/transactions/statuses') return answerStatuses(res, body);
      if (path === '/fake/status') {
        const reference = text(body.reference);
        const status = text(body.status);
        if (!reference || !status) return answer(res, 400, { message: 'reference and status are required' });
        pin(reference, status, text(body.returnCode), text(body.date));
        return answer(res, 200, { reference, status });
      }
      return answer(res, 404, { message: 'not found' });
    })().catch(() => answer(res, 500, { message: 'fake partner failure' }));
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  runningFakes.add(url);

  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        runningFakes.delete(url);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    received: () => [...files],
    setStatus: pin,
    refuseNextFile(status, message) {
      refusal = { status, message };
    },
  };
}
