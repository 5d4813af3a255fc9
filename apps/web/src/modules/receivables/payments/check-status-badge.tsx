import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckStatus } from '@copro/domain';

const colors: Record<CheckStatus, string> = { recorded: 'blue', deposited: 'green', returned: 'red' };

/** Where a check stands: waiting for its deposit, deposited, or returned (NSF). */
export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant="light" size="sm">
      {t(`payments.checkStatus.${status}`)}
    </Badge>
  );
}
