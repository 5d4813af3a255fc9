import { describe, expect, it } from 'vitest';
import type { PenaltyView } from '@copro/domain';
import {
  newPenaltyChargeValues,
  penaltyOptions,
  preparePenaltyCharge,
  withPenalty,
} from './penalty-charge-values';

const unit = '11111111-1111-4111-8111-111111111111';
const penalty = (uuid: string, kind: PenaltyView['kind'], name: string | null, amount: number | null) =>
  ({ uuid, kind, name, amount, rate: kind === 'defaultInterests' ? 0.05 : null }) as PenaltyView;

describe('penalty charge form', () => {
  const penalties = [
    penalty('c2', 'customFee', 'Moving fee', 15000),
    penalty('i', 'defaultInterests', null, null),
    penalty('c1', 'customPenalty', 'Noise', 10000),
    penalty('r', 'defaultCheckReversalFee', null, 3500),
    penalty('l', 'defaultLatePaymentFee', null, 2500),
  ];

  it('lists the fixed-amount ones, the default fees first, without interest', () => {
    const options = penaltyOptions(penalties, (kind) => kind);
    expect(options.map((option) => option.label)).toEqual([
      'defaultLatePaymentFee',
      'defaultCheckReversalFee',
      'Noise (customPenalty)',
      'Moving fee (customFee)',
    ]);
  });

  it('fills in the amount of the penalty picked, in the language of the form', () => {
    const values = newPenaltyChargeValues('2026-05-01');
    expect(withPenalty(values, penalties[0], 'fr')).toMatchObject({ penaltyUuid: 'c2', amount: '150,00' });
    expect(withPenalty(values, penalties[4], 'en')).toMatchObject({ penaltyUuid: 'l', amount: '25.00' });
    expect(withPenalty({ ...values, penaltyUuid: 'l' }, undefined, 'en').penaltyUuid).toBe('');
  });

  it('sends the edited amount and drops a blank description', () => {
    const values = {
      penaltyUuid: '55555555-5555-4555-8555-555555555555',
      date: '2026-05-01',
      amount: '30',
      description: ' ',
    };
    expect(preparePenaltyCharge(unit, values).input).toEqual({
      unitUuid: unit,
      penaltyUuid: '55555555-5555-4555-8555-555555555555',
      date: '2026-05-01',
      amount: 3000,
    });
    expect(preparePenaltyCharge(unit, { ...values, penaltyUuid: '' }).issues.map((i) => i.path[0])).toEqual([
      'penaltyUuid',
    ]);
  });
});
