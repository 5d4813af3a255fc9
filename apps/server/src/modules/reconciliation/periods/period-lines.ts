import { readDescription, type PeriodDetail, type TransactionKind } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { AppError } from '../../../platform/errors';
import type { ReconciliationContext } from '../context';
import { bankOrNotFound } from './bank';
import { periodLinesPage, type LinesPageQuery } from './period-sql';
import { periodsOf, placeOf } from './period-rows';
import { viewsOf } from './period-view';

/**
 * A period with a page of its tick list (the bank's transactions dated before its end that no
 * other period ticks), descriptions in the reader's language. `carriedForward`: dated before the
 * period's start, so left outstanding by an earlier period (ticked here or still outstanding).
 */
export async function periodDetail(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
  query: LinesPageQuery,
): Promise<PeriodDetail> {
  const bank = await bankOrNotFound(db, ctx.buildingId, bankUuid);
  const place = placeOf(await periodsOf(db, ctx.buildingId, bankUuid), periodUuid);
  const { period } = place;
  const [view] = await viewsOf(db, ctx, bank, [place]);
  if (!view) throw new AppError('notFound');
  const page = await periodLinesPage(db, ctx.buildingId, bank, period, query);
  return {
    period: view,
    lines: page.rows.map((row) => ({
      transactionUuid: row.transaction_uuid,
      fiscalYear: row.fiscal_year,
      date: row.date,
      description: readDescription({ description: row.description, meaning: row.meaning }, ctx.language),
      kind: row.kind as TransactionKind,
      checkNumber: row.check_number,
      amount: centsFromSql(row.amount),
      cleared: row.cleared,
      carriedForward: row.date < period.periodStart,
    })),
    total: page.total,
    outstandingCredits: page.outstandingCredits,
    outstandingDebits: page.outstandingDebits,
    outstandingCount: page.outstandingCount,
  };
}
