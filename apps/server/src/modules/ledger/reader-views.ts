import {
  readCancellationReason,
  readDescription,
  translate,
  type Language,
  type TransactionView,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { accountNames } from './account-names';
import { transactionView, type SubtransactionRow, type TransactionRow } from './ledger';

/**
 * Transactions as a reader reads them (DESIGN 3), the one place the ledger's read paths build
 * them: what the system wrote (a fee's description, a cancellation's reason) in the reader's
 * language, what a user typed as typed, and each line naming its account. A write answers its
 * transaction as stored (`transactionView`), in the building's language.
 */
export async function readerViews(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly TransactionRow[],
  lines: readonly SubtransactionRow[],
  language: Language,
): Promise<Map<string, TransactionView>> {
  const names = await accountNames(
    db,
    scope,
    lines.map((l) => l.aid),
    language,
  );
  const nameOf = (aid: number) =>
    names.get(aid) ?? translate(language, 'transactions.accountNumber', { aid });
  return new Map(
    rows.map((row) => {
      const view = transactionView(
        row,
        lines.filter((l) => l.transactionUuid === row.uuid),
      );
      const { cancelled } = row;
      return [
        row.uuid,
        {
          ...view,
          description: readDescription(row, language),
          cancelled: cancelled && {
            by: cancelled.by,
            reason: readCancellationReason(cancelled, language),
            date: cancelled.date,
          },
          subtransactions: view.subtransactions.map((line) => ({ ...line, accountName: nameOf(line.aid) })),
        },
      ];
    }),
  );
}
