import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransactionStatus } from '@copro/domain';

const colors: Record<TransactionStatus, string> = { normal: 'gray', cancelled: 'red', pending: 'yellow' };

/** A cancelled or pending transaction says so; a normal one shows nothing unless asked. */
export function StatusBadge({ status, always = false }: { status: TransactionStatus; always?: boolean }) {
  const { t } = useTranslation();
  if (status === 'normal' && !always) return null;
  return (
    <Badge size="sm" variant="light" color={colors[status]} style={{ flexShrink: 0 }}>
      {t(`transactions.statuses.${status}`)}
    </Badge>
  );
}
