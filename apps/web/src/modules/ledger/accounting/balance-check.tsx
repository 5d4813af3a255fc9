import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import type { Balance } from './writing-values';

function Total({ label, cents, color }: { label: string; cents: number; color?: string }) {
  const { i18n } = useTranslation();
  const { building } = useBuildingShell();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={600} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(cents, building.currency, languageOf(i18n.language))}
      </Text>
    </div>
  );
}

/**
 * The live check under the lines: the totals, and why the writing cannot be recorded yet. Nothing
 * typed yet is no mistake, so the all-zero rule is said quietly; a difference is said in red.
 */
export function BalanceCheck({ balance, error }: { balance: Balance; error?: ReactNode }) {
  const { t } = useTranslation();
  const ok = balance.problem === null && !error;
  const quiet = balance.problem === 'validation.transactionAllZero' && !error;
  const Icon = ok ? IconCircleCheck : quiet ? IconInfoCircle : IconAlertTriangle;
  const color = ok ? 'green' : quiet ? 'dimmed' : 'red';
  return (
    <Paper withBorder radius="md" p="sm" bg={ok ? 'var(--mantine-color-green-light)' : undefined}>
      <Stack gap="xs">
        <SimpleGrid cols={3} spacing="xs">
          <Total label={t('accounting.writing.totalDebits')} cents={balance.debits} />
          <Total label={t('accounting.writing.totalCredits')} cents={balance.credits} />
          <Total
            label={t('accounting.writing.difference')}
            cents={balance.difference}
            color={balance.difference === 0 ? undefined : 'red'}
          />
        </SimpleGrid>
        <Group gap={6} wrap="nowrap" align="flex-start" role="status" aria-live="polite">
          <Text span c={color} lh={0} mt={1}>
            <Icon size={18} aria-hidden />
          </Text>
          <Text size="sm" c={ok ? undefined : color}>
            {balance.problem ? t(balance.problem) : (error ?? t('accounting.writing.balanced'))}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
