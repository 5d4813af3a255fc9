import type { ReactNode } from 'react';
import { ActionIcon, Button, Grid, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { limits, type UnitView } from '@copro/domain';
import type { RecordForm } from '../../../ui/use-record-form';
import { blankCash, blankNewCheck, type DepositValues } from './deposit-values';
import { MoneyInput } from '../../../ui/money-input';
import { UnitSelect } from './unit-select';

/** A line of the deposit with its remove button in the corner. */
function LinePaper({
  onRemove,
  removeLabel,
  children,
}: {
  onRemove: () => void;
  removeLabel: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xs" pr={44} pos="relative">
      {children}
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={removeLabel}
        onClick={onRemove}
        pos="absolute"
        top={8}
        right={8}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Paper>
  );
}

/** Most lines one deposit takes of each kind (the shared schema's limit). */
const maxLines = 500;

/**
 * An editable list of deposit lines: a note when empty, each line with its remove button, and
 * the add button under them.
 */
function LineList({
  count,
  emptyText,
  addLabel,
  disabled,
  onAdd,
  onRemove,
  line,
}: {
  count: number;
  emptyText: string;
  addLabel: string;
  disabled: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
  line: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {count === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {Array.from({ length: count }, (_, i) => (
        <LinePaper
          key={i}
          removeLabel={t('payments.deposit.removeLine', { row: i + 1 })}
          onRemove={() => onRemove(i)}
        >
          {line(i)}
        </LinePaper>
      ))}
      <div>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={disabled || count >= maxLines}
          onClick={onAdd}
        >
          {addLabel}
        </Button>
      </div>
    </Stack>
  );
}

/** Checks handed in with the deposit itself, not recorded before (unit, number, amount, date). */
export function NewCheckLines({
  form,
  units,
  disabled,
}: {
  form: RecordForm<DepositValues>;
  units: readonly UnitView[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const lines = form.values.newChecks;
  return (
    <LineList
      count={lines.length}
      emptyText={t('payments.deposit.noNewCheck')}
      addLabel={t('payments.deposit.addCheck')}
      disabled={disabled}
      onAdd={() => form.setValue('newChecks', [...lines, blankNewCheck(form.values.date)])}
      onRemove={(i) =>
        form.setValue(
          'newChecks',
          lines.filter((_, other) => other !== i),
        )
      }
      line={(i) => (
        <Grid gutter="xs">
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <UnitSelect
              units={units}
              value={lines[i]?.unitUuid ?? ''}
              onChange={(uuid) => form.setValue(`newChecks.${i}.unitUuid`, uuid)}
              error={form.errors[`newChecks.${i}.unitUuid`]}
              disabled={disabled}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <TextInput
              label={t('payments.fields.checkNumber')}
              required
              autoComplete="off"
              maxLength={limits.shortName}
              disabled={disabled}
              {...form.text(`newChecks.${i}.number`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <MoneyInput
              label={t('payments.fields.amount')}
              disabled={disabled}
              {...form.text(`newChecks.${i}.amount`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <TextInput
              type="date"
              label={t('payments.fields.checkDate')}
              required
              disabled={disabled}
              {...form.text(`newChecks.${i}.date`)}
            />
          </Grid.Col>
        </Grid>
      )}
    />
  );
}

/** Cash handed in, per unit. */
export function CashLines({
  form,
  units,
  disabled,
}: {
  form: RecordForm<DepositValues>;
  units: readonly UnitView[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const lines = form.values.cash;
  return (
    <LineList
      count={lines.length}
      emptyText={t('payments.deposit.noCash')}
      addLabel={t('payments.deposit.addCash')}
      disabled={disabled}
      onAdd={() => form.setValue('cash', [...lines, blankCash()])}
      onRemove={(i) =>
        form.setValue(
          'cash',
          lines.filter((_, other) => other !== i),
        )
      }
      line={(i) => (
        <Grid gutter="xs">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <UnitSelect
              units={units}
              value={lines[i]?.unitUuid ?? ''}
              onChange={(uuid) => form.setValue(`cash.${i}.unitUuid`, uuid)}
              error={form.errors[`cash.${i}.unitUuid`]}
              disabled={disabled}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MoneyInput
              label={t('payments.fields.amount')}
              disabled={disabled}
              {...form.text(`cash.${i}.amount`)}
            />
          </Grid.Col>
        </Grid>
      )}
    />
  );
}
