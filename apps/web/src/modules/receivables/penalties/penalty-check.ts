import type { JobStatus, PlannedCharge } from '@copro/domain';

/** What a finished check answers. */
export interface PenaltyCheckResult {
  charged: number;
  amount: number;
}

/** How often the dialog asks how the check is going while it runs. */
export const jobPollMs = 1_000;

export const isFinished = (job: JobStatus | undefined): boolean =>
  job?.status === 'done' || job?.status === 'failed';

/** The poll interval for TanStack Query: none once the job has finished. */
export const pollWhileRunning = (job: JobStatus | undefined): number | false =>
  isFinished(job) ? false : jobPollMs;

/** A finished check's counts; zeros for a result that is not one. */
export function checkResult(job: JobStatus): PenaltyCheckResult {
  const { charged, amount } = job.result ?? {};
  return {
    charged: typeof charged === 'number' ? charged : 0,
    amount: typeof amount === 'number' ? amount : 0,
  };
}

/** How far the bar goes, 0 to 100; null while the count of charges is not known yet. */
export function progressPercent(job: JobStatus | undefined): number | null {
  if (isFinished(job)) return 100;
  const progress = job?.progress;
  if (!progress || progress.total === 0) return null;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

const kindOrder: Record<PlannedCharge['kind'], number> = { unitLateFee: 0, unitInterestFee: 1 };
const unitOrder = new Intl.Collator(undefined, { numeric: true });

/** The preview's lines as the table reads them: by unit (101 before 1001), then month, late fee first. */
export const sortedCharges = (charges: readonly PlannedCharge[]): PlannedCharge[] =>
  [...charges].sort(
    (a, b) =>
      unitOrder.compare(a.unitNumber, b.unitNumber) ||
      a.month.localeCompare(b.month) ||
      kindOrder[a.kind] - kindOrder[b.kind],
  );
