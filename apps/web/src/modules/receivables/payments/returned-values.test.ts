import { describe, expect, it } from 'vitest';
import { cents, type DepositItemView, type WireTransferView } from '@copro/domain';
import {
  canReturn,
  prepareReturnedCheck,
  prepareReturnedPayment,
  returnedCheckStart,
  returnedPaymentStart,
} from './returned-values';

const unit = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
const bank = '1c9a6e3d-4a5f-4b4c-8d2e-3f6a7b8c9d0e';
const checkUuid = '2d0b7f4e-5b6a-4c5d-9e3f-4a7b8c9d0e11';
const paymentUuid = '3e1c8a5f-6c7b-4d6e-8f4a-5b8c9d0e1f22';

const item: DepositItemView = {
  kind: 'check',
  unitUuid: unit,
  unitNumber: '101',
  checkUuid,
  checkNumber: '0042',
  amount: cents(35050),
  returned: false,
};

describe('returned check', () => {
  it('starts from the deposited check, dated today, fee and email on', () => {
    const start = returnedCheckStart({ bankUuid: bank }, item, '2026-04-02', 'fr');
    expect(start).toEqual({
      bankUuid: bank,
      unitUuid: unit,
      amount: '350,50',
      checkNumber: '0042',
      date: '2026-04-02',
      checkUuid,
      chargeFee: true,
      emailOwner: true,
    });
    expect(prepareReturnedCheck(start)).toEqual({
      issues: [],
      input: { ...start, amount: 35050 },
    });
  });

  it('can be sent without the check it is (typed by hand)', () => {
    const start = {
      ...returnedCheckStart({ bankUuid: bank }, item, '2026-04-02', 'en'),
      checkUuid: '',
      chargeFee: false,
    };
    expect(prepareReturnedCheck(start).input).toEqual({
      bankUuid: bank,
      unitUuid: unit,
      amount: 35050,
      checkNumber: '0042',
      date: '2026-04-02',
      chargeFee: false,
      emailOwner: true,
    });
  });

  it('is offered on a check not returned yet, never on cash', () => {
    expect(canReturn(item)).toBe(true);
    expect(canReturn({ ...item, returned: true })).toBe(false);
    expect(canReturn({ ...item, kind: 'cash', checkUuid: null, checkNumber: null })).toBe(false);
  });
});

describe('returned electronic payment', () => {
  const transfer: WireTransferView = {
    transactionUuid: paymentUuid,
    date: '2026-03-01',
    unitUuid: unit,
    unitNumber: '101',
    bankUuid: bank,
    amount: cents(30000),
    reference: 'VIR-1',
    returned: false,
  };

  it('starts from the transfer and names it', () => {
    const start = returnedPaymentStart(transfer, '2026-03-05', 'en');
    expect(prepareReturnedPayment(start)).toEqual({
      issues: [],
      input: {
        bankUuid: bank,
        unitUuid: unit,
        amount: 30000,
        date: '2026-03-05',
        transactionUuid: paymentUuid,
        emailOwner: true,
      },
    });
  });

  it('refuses an amount it cannot read', () => {
    const start = { ...returnedPaymentStart(transfer, '2026-03-05', 'en'), amount: '3OO' };
    expect(prepareReturnedPayment(start).issues.map((i) => `${i.path.join('.')} ${i.key}`)).toEqual([
      'amount accounting.invalidAmount',
    ]);
  });
});
