import { cents, type ReconciliationPeriod } from '@copro/domain';

/** A period as the server answers it: open, with a closing balance typed and a difference of zero. */
export const period = (change: Partial<ReconciliationPeriod> = {}): ReconciliationPeriod => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  bankUuid: '00000000-0000-4000-8000-000000000002',
  fiscalYear: '2026-01-01',
  periodStart: '2026-01-01',
  periodEnd: '2026-02-01',
  startingBalance: cents(100_000),
  closingBalance: cents(120_000),
  isReconciled: false,
  clearedCredits: cents(50_000),
  clearedDebits: cents(30_000),
  clearedCount: 3,
  difference: cents(0),
  statement: null,
  reconciledAt: null,
  reconciledBy: null,
  changes: null,
  deletable: true,
  ...change,
});
