import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckView } from '@copro/domain';
import type { BoundField } from '../../../ui/use-record-form';
import { amountStyle } from '../../../ui/amount-style';
import { useLedgerFormat } from '../../ledger';
import { ineligibleReason, pickableChecks } from './deposit-values';

/**
 * The recorded checks to put in the deposit, each with its unit, number, date and amount. A
 * post-dated check cannot go in before its date: it stays greyed out with the reason, and those
 * are folded away until asked for.
 */
export function DepositCheckPicker({
  checks,
  depositDate,
  field,
  error,
  disabled,
}: {
  checks: readonly CheckView[];
  depositDate: string;
  field: BoundField<string[]>;
  /** About the picked checks: the list or one of them (the server names each by its place). */
  error: ReactNode;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const [showLater, setShowLater] = useState(false);
  const all = pickableChecks(checks, depositDate);
  const eligible = all.filter((check) => ineligibleReason(check, depositDate) === null);
  const later = all.length - eligible.length;
  const shown = showLater ? all : eligible;
  const picked = new Set(field.value);
  const pickedTotal = checks.filter((check) => picked.has(check.uuid)).reduce((sum, c) => sum + c.amount, 0);
  const toggle = (uuid: string, on: boolean) =>
    field.onChange(on ? [...field.value, uuid] : field.value.filter((other) => other !== uuid));
  const allPicked = eligible.length > 0 && eligible.every((check) => picked.has(check.uuid));

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {t('payments.deposit.pickedChecks', { count: field.value.length, total: money(pickedTotal) })}
        </Text>
        <Group gap="xs">
          {later > 0 && (
            <Switch
              size="xs"
              label={t('payments.deposit.showPostDated', { count: later })}
              checked={showLater}
              onChange={(event) => setShowLater(event.currentTarget.checked)}
            />
          )}
          {eligible.length > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={disabled}
              onClick={() =>
                field.onChange(
                  allPicked
                    ? field.value.filter((uuid) => !eligible.some((check) => check.uuid === uuid))
                    : [...new Set([...field.value, ...eligible.map((check) => check.uuid)])],
                )
              }
            >
              {t(allPicked ? 'payments.deposit.unpickAll' : 'payments.deposit.pickAll')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="md">
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {t(all.length === 0 ? 'payments.deposit.noRecordedCheck' : 'payments.deposit.onlyPostDated')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={340} type="auto">
            <Stack gap={0} role="group" aria-label={t('payments.deposit.recordedChecks')}>
              {shown.map((check) => {
                const reason = ineligibleReason(check, depositDate);
                return (
                  <Group
                    key={check.uuid}
                    justify="space-between"
                    wrap="nowrap"
                    gap="sm"
                    px="sm"
                    py={8}
                    style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Checkbox
                      checked={picked.has(check.uuid)}
                      disabled={disabled || (reason !== null && !picked.has(check.uuid))}
                      onChange={(event) => toggle(check.uuid, event.currentTarget.checked)}
                      label={t('payments.deposit.checkLabel', {
                        unit: check.unitNumber,
                        number: check.number,
                      })}
                      description={
                        reason === 'postDated'
                          ? t('payments.deposit.postDatedReason', { date: day(check.date) })
                          : day(check.date)
                      }
                      styles={{
                        description: reason ? { color: 'var(--mantine-color-orange-8)' } : undefined,
                      }}
                    />
                    <Text size="sm" style={amountStyle} c={reason ? 'dimmed' : undefined}>
                      {money(check.amount)}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Paper>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
