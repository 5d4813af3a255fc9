import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReconciliationPeriod } from '@copro/domain';
import { periodStatus, statusColor } from './period-figures';

/** Reconciled, open, or reopened (with the changes it found, or none). */
export function PeriodStatusBadge({
  period,
}: {
  period: Pick<ReconciliationPeriod, 'isReconciled' | 'changes'>;
}) {
  const { t } = useTranslation();
  const status = periodStatus(period);
  return (
    <Badge size="sm" variant="light" color={statusColor[status]} style={{ flexShrink: 0 }}>
      {t(`reconciliationPages.status.${status}`)}
    </Badge>
  );
}
