import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountType } from './account-types';
import { balanceStanding } from './ledger-rows';
import { useLedgerFormat } from './use-ledger-format';

/** What a unit's or a supplier's balance at the end of the year means, in words. */
export function BalanceStandingNote({
  type,
  account,
  balance,
}: {
  type: AccountType;
  account: string;
  balance: number;
}) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const standing = balanceStanding(type, balance);
  if (!standing) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {t(`transactions.standing.${standing}`, { account, amount: money(Math.abs(balance)) })}
      </Text>
      {type === 'units' && (
        <Text size="xs" c="dimmed">
          {t('transactions.standing.unitHint')}
        </Text>
      )}
    </Stack>
  );
}
