import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { buildingToday, type UnitAccountView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useLedgerFormat } from '../../ledger';
import { accountsToSettle, canCloseAccount, currentAccount, periodPhrase } from './account-periods';
import { useUnitAccountWrite } from './unit-accounts-api';

/**
 * DOMAIN 6: each ownership period of a unit has its own account. Above the ledger: which period
 * it shows and, for a former owner's account, its balance, its state and the way to close it.
 */
export function AccountPeriodsBar({
  unitUuid,
  accounts,
  aid,
  onAidChange,
}: {
  unitUuid: string;
  /** Oldest first, more than one. */
  accounts: readonly UnitAccountView[];
  aid: number;
  onAidChange: (aid: number) => void;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const current = currentAccount(accounts);
  const shown = accounts.find((account) => account.aid === aid);
  const label = (account: UnitAccountView) => {
    const phrase = periodPhrase(account, account === current, day, t('unitSale.periods.noOwner'));
    return t(phrase.key, phrase.params);
  };
  const toSettle = accountsToSettle(accounts).filter((account) => account.aid !== aid);

  return (
    <Stack gap="xs">
      <Select
        label={t('unitSale.periods.label')}
        allowDeselect={false}
        // Latest first: the current owners are the usual pick.
        data={[...accounts]
          .reverse()
          .map((account) => ({ value: String(account.aid), label: label(account) }))}
        value={String(aid)}
        onChange={(value) => value && onAidChange(Number(value))}
        maw={560}
      />
      {shown && shown !== current && <FormerAccount unitUuid={unitUuid} account={shown} />}
      {toSettle.map((account) => (
        <Alert key={account.aid} color="orange" variant="light" p="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">
              {t('unitSale.toSettle', { period: label(account), amount: money(account.balance) })}
            </Text>
            <Button variant="light" color="orange" size="compact-sm" onClick={() => onAidChange(account.aid)}>
              {t('unitSale.showAccount')}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

function FormerAccount({ unitUuid, account }: { unitUuid: string; account: UnitAccountView }) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const shell = useBuildingShell();
  const canWrite = shell.can('finance.write') && !shell.readOnly;
  const [confirming, setConfirming] = useState(false);
  const write = useUnitAccountWrite(unitUuid);
  const closable = canCloseAccount(account, false);

  const close = () =>
    write.mutate(
      { kind: 'close', aid: account.aid },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(t('unitSale.close.done'));
        },
        onError: (error) => notifyError(error, t('unitSale.close.failed')),
      },
    );

  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t('unitSale.formerBalance', { amount: money(account.balance) })}
            </Text>
            {account.closedAt ? (
              <Badge color="gray" variant="light" tt="none">
                {t('unitSale.closedOn', {
                  date: day(buildingToday(shell.building, new Date(account.closedAt))),
                })}
              </Badge>
            ) : (
              account.soldAndNeedToSetBalanceToZero && (
                <Badge color="orange" variant="light" tt="none">
                  {t('unitSale.toZeroBadge')}
                </Badge>
              )
            )}
          </Group>
          {!account.closedAt && (
            <Text size="xs" c="dimmed">
              {t(closable ? 'unitSale.close.ready' : 'unitSale.close.notYet')}
            </Text>
          )}
        </Stack>
        {canWrite && !account.closedAt && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconLock size={14} aria-hidden />}
            disabled={!closable}
            onClick={() => setConfirming(true)}
          >
            {t('unitSale.close.action')}
          </Button>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('unitSale.close.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('unitSale.close.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={write.isPending}>
              {t('unitActions.cancel')}
            </Button>
            <Button color="red" loading={write.isPending} onClick={close} data-autofocus>
              {t('unitSale.close.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
