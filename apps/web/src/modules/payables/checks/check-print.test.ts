import { describe, expect, it } from 'vitest';
import { batchProblem, checkActions, deniedIssues, printFileName } from './check-print';
import { paymentView, supplierB } from '../payments/test-fixtures';

const posted = paymentView({ status: 'posted', approvalStatus: 'approved' });

describe('check actions', () => {
  it('prints a posted check payment once, then reprints or voids it', () => {
    expect(checkActions(posted)).toEqual({ print: true, reprint: false, void: false });
    const printed = { ...posted, checkPrinted: true, checkNumber: '101' };
    expect(checkActions(printed)).toEqual({ print: false, reprint: true, void: true });
  });

  it('offers nothing for a payment waiting for approval, by another method, or voided', () => {
    expect(checkActions(paymentView())).toEqual({ print: false, reprint: false, void: false });
    expect(checkActions({ ...posted, paymentMethod: 'wire-transfer' })).toEqual({
      print: false,
      reprint: false,
      void: false,
    });
    const voided = {
      ...posted,
      status: 'cancelled' as const,
      checkPrinted: true,
      checkVoided: { reason: 'Torn', at: '2026-03-04T10:00:00.000Z' },
    };
    expect(checkActions(voided)).toEqual({ print: false, reprint: false, void: false });
  });
});

describe('batchProblem (SPEC 8 reasons)', () => {
  it('prints posted checks of one supplier', () => {
    expect(batchProblem([posted, { ...posted, uuid: 'other' }])).toBeNull();
  });

  it('says why a batch cannot print', () => {
    expect(batchProblem([posted, { ...posted, paymentMethod: 'cash' }])).toBe(
      'TransactionNotSupplierPaymentByCheck',
    );
    expect(batchProblem([{ ...posted, status: 'cancelled' }])).toBe('TransactionNotSupplierPaymentByCheck');
    expect(batchProblem([posted, paymentView()])).toBe('TransactionNotApproved');
    expect(batchProblem([posted, { ...posted, supplierUuid: supplierB }])).toBe('MultipleSuppliers');
  });
});

describe('print answers', () => {
  it('turns a denial’s reason into its message key, leaving other keys alone', () => {
    expect(
      deniedIssues([
        { path: ['paymentUuids', 1], key: 'MultipleSuppliers' },
        { path: ['paymentUuids', 0], key: 'payables.checks.alreadyPrinted' },
      ]),
    ).toEqual([
      { path: ['paymentUuids', 1], key: 'payables.checks.denied.MultipleSuppliers' },
      { path: ['paymentUuids', 0], key: 'payables.checks.alreadyPrinted' },
    ]);
  });

  it('names the file as the server does, else by the day', () => {
    expect(
      printFileName(`attachment; filename="cheques.pdf"; filename*=UTF-8''ch%C3%A8ques.pdf`, '2026-03-04'),
    ).toBe('chèques.pdf');
    expect(printFileName('attachment; filename="checks.pdf"', '2026-03-04')).toBe('checks.pdf');
    expect(printFileName(null, '2026-03-04')).toBe('checks-2026-03-04.pdf');
  });
});
