import {
  formatCents,
  unitPenaltyChargeSchema,
  type Language,
  type PenaltyKind,
  type PenaltyView,
  type UnitPenaltyChargeInput,
  type FieldIssue,
} from '@copro/domain';
import { compareText } from '../../../ui/compare';
import { amountAt, prepareWith, type Prepared } from '../../../ui/prepare';

/**
 * The penalties charged by hand from a unit's page, in the order the select lists them: the
 * building's own fees (one of each at most), then its custom penalties and fees. Interest is
 * computed by the daily run on what is overdue, so it has no amount to charge here.
 */
export const chargeablePenaltyKinds = [
  'defaultLatePaymentFee',
  'defaultCheckReversalFee',
  'customPenalty',
  'customFee',
] as const satisfies readonly PenaltyKind[];

export interface PenaltyOption {
  value: string;
  label: string;
  penalty: PenaltyView;
}

/**
 * The options of the penalty select: the default fees named by their kind, the custom ones by
 * their name and kind.
 */
export function penaltyOptions(
  penalties: readonly PenaltyView[],
  kindLabel: (kind: PenaltyKind) => string,
): PenaltyOption[] {
  const rank = (penalty: PenaltyView) => (chargeablePenaltyKinds as readonly string[]).indexOf(penalty.kind);
  const labelOf = (penalty: PenaltyView) =>
    penalty.name ? `${penalty.name} (${kindLabel(penalty.kind)})` : kindLabel(penalty.kind);
  return penalties
    .filter((penalty) => rank(penalty) >= 0)
    .map((penalty) => ({ value: penalty.uuid, label: labelOf(penalty), penalty }))
    .sort((a, b) => rank(a.penalty) - rank(b.penalty) || compareText(a.label, b.label));
}

/** The penalty charge form as typed. */
export interface PenaltyChargeValues {
  penaltyUuid: string;
  date: string;
  amount: string;
  description: string;
}

export const newPenaltyChargeValues = (date: string): PenaltyChargeValues => ({
  penaltyUuid: '',
  date,
  amount: '',
  description: '',
});

/** Picking a penalty fills in its amount, which stays editable. */
export function withPenalty(
  values: PenaltyChargeValues,
  penalty: PenaltyView | undefined,
  language: Language,
): PenaltyChargeValues {
  if (!penalty) return { ...values, penaltyUuid: '' };
  return {
    ...values,
    penaltyUuid: penalty.uuid,
    amount: penalty.amount === null ? values.amount : formatCents(penalty.amount, language),
  };
}

export function preparePenaltyCharge(
  unitUuid: string,
  values: PenaltyChargeValues,
): Prepared<UnitPenaltyChargeInput> {
  const own: FieldIssue[] = [];
  const amount = amountAt(values.amount, ['amount'], own);
  return prepareWith(
    unitPenaltyChargeSchema,
    {
      unitUuid,
      penaltyUuid: values.penaltyUuid,
      date: values.date,
      amount,
      description: values.description,
    },
    own,
  );
}
