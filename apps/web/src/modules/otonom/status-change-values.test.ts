import { describe, expect, it } from 'vitest';
import { nextStatuses, statusesByHand, otonomStatuses } from '@copro/domain';
import {
  needsReturnCode,
  prepareStatusChange,
  returnOptions,
  statusChangeStart,
  statusChoices,
} from './status-change-values';

const debit = (status: (typeof otonomStatuses)[number]) => ({ status, direction: 'debit' as const });
const credit = (status: (typeof otonomStatuses)[number]) => ({ status, direction: 'credit' as const });
const start = statusChangeStart('2026-03-05');

describe('change status dialog', () => {
  it('offers only the statuses the lifecycle allows by hand, none from a final one', () => {
    for (const status of otonomStatuses) expect(statusChoices(debit(status))).toEqual(statusesByHand(status));
    // Only sending a file marks a payment sent.
    expect(statusChoices(debit('readyToSendToOtonom'))).not.toContain('toProcess');
    expect(nextStatuses('readyToSendToOtonom')).toContain('toProcess');
    expect(statusChoices(debit('completed'))).toEqual(['processedNSF', 'processedError', 'refunding']);
    expect(statusChoices(debit('processedNSF'))).toEqual([]);
  });

  it('asks a reason for a return only', () => {
    expect(needsReturnCode('processedNSF')).toBe(true);
    expect(needsReturnCode('processedError')).toBe(true);
    expect(needsReturnCode('unprocessedNSF')).toBe(false);
    expect(needsReturnCode('')).toBe(false);
  });

  it('asks the fee and the owners’ mail for a returned debit, the mail only for a refund', () => {
    expect(returnOptions(debit('withdrawalDone'), 'processedNSF')).toEqual({ fee: true, email: true });
    expect(returnOptions(debit('refunding'), 'refunded')).toEqual({ fee: false, email: true });
    expect(returnOptions(debit('toProcess'), 'withdrawalDone')).toEqual({ fee: false, email: false });
    expect(returnOptions(credit('completed'), 'processedError')).toEqual({ fee: false, email: false });
    expect(returnOptions(debit('completed'), '')).toEqual({ fee: false, email: false });
    // A move the lifecycle refuses asks nothing (and is refused on its own).
    expect(returnOptions(debit('paid'), 'processedNSF')).toEqual({ fee: false, email: false });
  });

  it('sends a return with its reason, date, fee, mail and note', () => {
    const values = { ...start, status: 'processedNSF', returnCode: '901', note: ' Told by phone ' } as const;
    expect(prepareStatusChange(debit('completed'), values)).toEqual({
      input: {
        status: 'processedNSF',
        returnCode: '901',
        date: '2026-03-05',
        chargeFee: true,
        emailOwner: true,
        note: 'Told by phone',
      },
      issues: [],
    });
    const noFee = prepareStatusChange(debit('completed'), { ...values, chargeFee: false, emailOwner: false });
    expect(noFee.input).toMatchObject({ chargeFee: false, emailOwner: false });
  });

  it('wants a status, and a reason for a return', () => {
    const issues = (order: ReturnType<typeof debit>, values: typeof start) =>
      prepareStatusChange(order, values).issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);
    expect(issues(debit('completed'), start)).toEqual(['status validation.required']);
    expect(issues(debit('completed'), { ...start, status: 'processedError' })).toEqual([
      'returnCode otonom.validation.returnCodeRequired',
    ]);
  });

  it('refuses a move the lifecycle forbids, naming both statuses', () => {
    const { input, issues } = prepareStatusChange(debit('paid'), { ...start, status: 'readyToSendToOtonom' });
    expect(input).toBeNull();
    expect(issues).toEqual([
      {
        path: ['status'],
        key: 'otonom.validation.transitionRefused',
        params: { from: 'paid', to: 'readyToSendToOtonom' },
      },
    ]);
  });

  it('sends no reason, fee or mail for a move that returns nothing', () => {
    const values = { ...start, status: 'administrativeHold', returnCode: '901' } as const;
    expect(prepareStatusChange(debit('readyToSendToOtonom'), values).input).toEqual({
      status: 'administrativeHold',
      date: '2026-03-05',
      chargeFee: false,
      emailOwner: false,
    });
  });
});
