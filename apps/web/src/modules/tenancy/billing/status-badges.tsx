import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingAccountStatus, BillingStatus } from '@copro/domain';

const billingStatusColors: Record<BillingStatus, string> = {
  paid: 'green',
  'within-grace-period': 'yellow',
  unpaid: 'red',
  unknown: 'gray',
};

const accountStatusColors: Record<BillingAccountStatus, string> = {
  active: 'green',
  trialing: 'blue',
  pay_now: 'orange',
  canceled: 'gray',
};

export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={billingStatusColors[status]} variant="light" size="lg">
      {t(`billing.billingStatuses.${status}`)}
    </Badge>
  );
}

export function AccountStatusBadge({ status }: { status: BillingAccountStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={accountStatusColors[status]} variant="outline" size="lg">
      {t(`billing.statuses.${status}`)}
    </Badge>
  );
}
