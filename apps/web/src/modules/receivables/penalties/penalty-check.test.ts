import { describe, expect, it } from 'vitest';
import { cents, type JobStatus, type PlannedCharge } from '@copro/domain';
import {
  checkResult,
  isFinished,
  jobPollMs,
  pollWhileRunning,
  progressPercent,
  sortedCharges,
} from './penalty-check';

const job = (status: JobStatus['status'], extra: Partial<JobStatus> = {}): JobStatus => ({
  id: 7,
  name: 'penalty-check',
  status,
  progress: null,
  result: null,
  error: null,
  ...extra,
});

const charge = (unitNumber: string, month: string, kind: PlannedCharge['kind']): PlannedCharge => ({
  unitUuid: `uuid-${unitNumber}`,
  unitNumber,
  kind,
  month,
  date: month.replace(/01$/, '12'),
  amount: cents(100),
});

describe('the penalty check dialog', () => {
  it('asks again while the job is queued or running, and stops once it has finished', () => {
    expect(pollWhileRunning(undefined)).toBe(jobPollMs);
    expect(pollWhileRunning(job('queued'))).toBe(jobPollMs);
    expect(pollWhileRunning(job('running'))).toBe(jobPollMs);
    expect(pollWhileRunning(job('done'))).toBe(false);
    expect(pollWhileRunning(job('failed'))).toBe(false);
    expect(isFinished(job('running'))).toBe(false);
  });

  it('fills the bar by the charges posted, runs it without a value until their count is known', () => {
    expect(progressPercent(job('queued'))).toBeNull();
    expect(progressPercent(job('running', { progress: { done: 0, total: 0 } }))).toBeNull();
    expect(progressPercent(job('running', { progress: { done: 1, total: 3 } }))).toBe(33);
    expect(progressPercent(job('running', { progress: { done: 3, total: 3 } }))).toBe(100);
    expect(progressPercent(job('failed'))).toBe(100);
  });

  it('reads the counts of a finished check, and zeros from a result that is not one', () => {
    expect(checkResult(job('done', { result: { asOf: '2026-03-15', charged: 4, amount: 10_600 } }))).toEqual({
      charged: 4,
      amount: 10_600,
    });
    expect(checkResult(job('done', { result: { charged: '4' } }))).toEqual({ charged: 0, amount: 0 });
    expect(checkResult(job('done'))).toEqual({ charged: 0, amount: 0 });
  });

  it('lists the charges by unit as numbers read (9 before 10), then month, the late fee first', () => {
    const sorted = sortedCharges([
      charge('10', '2026-01-01', 'unitLateFee'),
      charge('9', '2026-02-01', 'unitInterestFee'),
      charge('9', '2026-02-01', 'unitLateFee'),
      charge('9', '2026-01-01', 'unitInterestFee'),
    ]);
    expect(sorted.map((c) => `${c.unitNumber} ${c.month} ${c.kind}`)).toEqual([
      '9 2026-01-01 unitInterestFee',
      '9 2026-02-01 unitLateFee',
      '9 2026-02-01 unitInterestFee',
      '10 2026-01-01 unitLateFee',
    ]);
  });
});
