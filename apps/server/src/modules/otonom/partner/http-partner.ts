import { z } from 'zod';
import {
  PartnerError,
  partnerFileType,
  type PartnerFile,
  type PartnerStatus,
  type PartnerStatusQuery,
  type PaymentPartner,
} from './partner';

/**
 * The partner's HTTP API (the same one the local fake speaks):
 * - `POST {url}/v1/files` `{ otonomId, clientId, apiVersion, type, fileName, content }` with an
 *   `Idempotency-Key` (the file's uuid) → `{ fileId }`;
 * - `POST {url}/v1/transactions/statuses` `{ otonomId, clientId, references }` →
 *   `{ transactions: [{ reference, status, returnCode, date }] }`;
 * both with `Authorization: Bearer {OTONOM_API_KEY}`. An answer other than 2xx is a refusal
 * carrying the partner's message; no answer within 15 s is a failure too.
 */

export const partnerTimeoutMs = 15_000;

const fileAnswer = z.object({ fileId: z.string().min(1).max(200) });
const statusesAnswer = z.object({
  transactions: z.array(
    z.object({
      reference: z.string(),
      status: z.string(),
      returnCode: z.string().nullish(),
      date: z.string().nullish(),
    }),
  ),
});

/** The partner's own words from an error body (`{ message }`, `{ error }`, or text), kept short. */
function messageOf(status: number, body: string): string {
  let message = body.trim();
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === 'object') {
      const { message: m, error: e } = json as { message?: unknown; error?: unknown };
      if (typeof m === 'string') message = m;
      else if (typeof e === 'string') message = e;
    }
  } catch {
    // Not JSON: the text is the message.
  }
  return message ? `${message.slice(0, 300)} (HTTP ${status})` : `HTTP ${status}`;
}

export class HttpPartner implements PaymentPartner {
  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs = partnerTimeoutMs,
  ) {}

  async send(file: PartnerFile): Promise<{ partnerFileId: string }> {
    const answer = await this.post(
      '/v1/files',
      {
        otonomId: file.buildingOtonomId,
        clientId: file.clientId,
        apiVersion: file.apiVersion,
        type: partnerFileType[file.kind],
        fileName: file.fileName,
        content: file.content,
      },
      { 'idempotency-key': file.idempotencyKey },
    );
    const parsed = fileAnswer.safeParse(answer);
    if (!parsed.success) throw new PartnerError('the answer to the file has no file id');
    return { partnerFileId: parsed.data.fileId };
  }

  async statuses(query: PartnerStatusQuery): Promise<PartnerStatus[]> {
    const answer = await this.post('/v1/transactions/statuses', {
      otonomId: query.buildingOtonomId,
      clientId: query.clientId,
      references: query.references,
    });
    const parsed = statusesAnswer.safeParse(answer);
    if (!parsed.success) throw new PartnerError('the statuses answer is not a list of transactions');
    return parsed.data.transactions.map((t) => ({
      reference: t.reference,
      status: t.status,
      returnCode: t.returnCode ?? null,
      date: t.date ?? null,
    }));
  }

  private async post(path: string, body: object, headers: Record<string, string> = {}): Promise<unknown> {
    let text: string;
    let status: number;
    try {
      const res = await fetch(`${this.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      text = await res.text();
      if (!res.ok) throw new PartnerError(messageOf(status, text));
    } catch (error) {
      if (error instanceof PartnerError) throw error;
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new PartnerError(`no answer within ${this.timeoutMs / 1000} s`);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      throw new PartnerError(
        `unreachable: ${cause || (error instanceof Error ? error.message : String(error))}`,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new PartnerError(`the answer is not JSON (HTTP ${status})`);
    }
  }
}
