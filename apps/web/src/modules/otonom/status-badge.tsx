import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OtonomStatus, ReturnCode } from '@copro/domain';
import { statusColour } from './status-groups';

/** An order's status, coloured by what it means (status-groups.ts). */
export function OrderStatusBadge({ status }: { status: OtonomStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColour(status)} variant="light" size="sm" style={{ textTransform: 'none' }}>
      {t(`otonom.statuses.${status}`)}
    </Badge>
  );
}

/** A bank's return reason as managers read it: its code, then what it means. */
export function useReturnReason() {
  const { t } = useTranslation();
  return (code: ReturnCode): string =>
    t('otonomPages.returnReason', { code, label: t(`otonom.returnCodes.${code}`) });
}
