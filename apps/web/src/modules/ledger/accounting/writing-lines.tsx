import { Box, Button, Divider, Grid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordForm } from '../../../ui/use-record-form';
import type { LedgerAccount } from './ledger-accounts';
import { lineColumns, WritingLineRow } from './writing-line-row';
import { blankLine, type WritingLine, type WritingValues } from './writing-values';

/** The writing's lines under a heading (on a computer), and the button that adds one. */
export function WritingLines({
  form,
  accounts,
  disabled,
}: {
  form: RecordForm<WritingValues>;
  accounts: readonly LedgerAccount[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const lines = form.values.lines;
  const heading = (text: string, align: 'left' | 'right' = 'left') => (
    <Text size="sm" fw={500} ta={align}>
      {text}
    </Text>
  );
  return (
    <Stack gap="xs">
      <Box visibleFrom="sm" aria-hidden>
        <Grid columns={24} gutter="xs">
          <Grid.Col span={lineColumns.account}>{heading(t('accounting.writing.account'))}</Grid.Col>
          <Grid.Col span={lineColumns.amount}>{heading(t('accounting.writing.debit'), 'right')}</Grid.Col>
          <Grid.Col span={lineColumns.amount}>{heading(t('accounting.writing.credit'), 'right')}</Grid.Col>
        </Grid>
      </Box>
      {lines.map((_, index) => (
        // Lines have no identity of their own: their position is what the errors are keyed by too.
        <Fragment key={index}>
          {index > 0 && <Divider hiddenFrom="sm" variant="dashed" />}
          <WritingLineRow
            index={index}
            field={form.field<WritingLine>(`lines.${index}`)}
            accounts={accounts}
            disabled={disabled}
            onRemove={
              lines.length > 2
                ? () =>
                    form.setValue(
                      'lines',
                      lines.filter((__, i) => i !== index),
                    )
                : undefined
            }
          />
        </Fragment>
      ))}
      <Box>
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={disabled}
          onClick={() => form.setValue('lines', [...lines, blankLine()])}
        >
          {t('accounting.writing.addLine')}
        </Button>
      </Box>
    </Stack>
  );
}
