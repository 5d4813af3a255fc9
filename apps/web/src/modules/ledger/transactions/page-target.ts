/** A record that owns a ledger account. */
export interface AccountRecord {
  uuid: string;
  aid: number;
}

/**
 * What `{type}/transactions/{uuid}` shows (SPEC 2): the uuid is one of the type's records (its
 * account's transactions) or else a transaction (the transaction link). Until the records are
 * known it cannot be told apart.
 */
export type PageTarget<T> =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'record'; record: T }
  | { kind: 'transaction'; uuid: string };

export function pageTarget<T extends AccountRecord>(
  uuid: string | undefined,
  records: readonly T[] | undefined,
): PageTarget<T> {
  if (!uuid) return { kind: 'none' };
  if (!records) return { kind: 'pending' };
  const record = records.find((candidate) => candidate.uuid === uuid);
  return record ? { kind: 'record', record } : { kind: 'transaction', uuid };
}

/**
 * The record of the page's type a transaction is seen from: the first of its lines on one of
 * those records' accounts, so the list on the left selects it.
 */
export function recordOfTransaction<T extends AccountRecord>(
  lines: readonly { aid: number }[],
  records: readonly T[] | undefined,
): T | undefined {
  const byAid = new Map((records ?? []).map((record) => [record.aid, record]));
  for (const line of lines) {
    const record = byAid.get(line.aid);
    if (record) return record;
  }
  return undefined;
}
