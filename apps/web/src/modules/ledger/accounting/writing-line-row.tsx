import { ActionIcon, Grid, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCents, languageOf } from '@copro/domain';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { issuesToErrors } from '../../../ui/form-validation';
import type { BoundField } from '../../../ui/use-record-form';
import { AccountSelect } from './account-select';
import type { LedgerAccount } from './ledger-accounts';
import { lineAmountIssues, type WritingLine } from './writing-values';

/** The grid the lines and their heading share: on a phone, the account and the remove button above the amounts. */
export const lineColumns = {
  account: { base: 20, sm: 12 },
  amount: { base: 12, sm: 5 },
  remove: { base: 4, sm: 2 },
} as const;

/** One line of a writing: an account, and a debit or a credit (typing one clears the other). */
export function WritingLineRow({
  index,
  field,
  accounts,
  onRemove,
  disabled,
}: {
  index: number;
  field: BoundField<WritingLine>;
  accounts: readonly LedgerAccount[];
  /** Absent while the writing has only its two lines. */
  onRemove: (() => void) | undefined;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  // On a phone the column headings are hidden, so each box names itself.
  const isPhone = useIsMobile();
  const line = field.value;
  const number = index + 1;
  // What is wrong with a box shows while typing; the form's own errors (on submit) come after.
  const typing = issuesToErrors(lineAmountIssues(line, index));
  const errorOf = (box: 'debit' | 'credit') => typing[`lines.${index}.${box}`] ?? field.errorAt(box);
  const amountBox = (box: 'debit' | 'credit', other: 'debit' | 'credit') => (
    <TextInput
      label={isPhone ? t(`accounting.writing.${box}`) : undefined}
      aria-label={t(`accounting.writing.${box}Of`, { line: number })}
      placeholder={formatCents(0, languageOf(i18n.language))}
      inputMode="decimal"
      autoComplete="off"
      disabled={disabled}
      value={line[box]}
      onChange={(event) => {
        const text = event.currentTarget.value;
        field.onChange({ ...line, [box]: text, [other]: text.trim() === '' ? line[other] : '' });
      }}
      error={errorOf(box)}
      styles={{ input: { textAlign: 'right' } }}
    />
  );

  return (
    <Grid columns={24} gutter="xs" align="flex-start">
      <Grid.Col span={lineColumns.account} order={1}>
        <AccountSelect
          accounts={accounts}
          ariaLabel={t('accounting.writing.accountOf', { line: number })}
          value={line.aid}
          onChange={(aid) => field.onChange({ ...line, aid })}
          error={field.errorAt('aid')}
          disabled={disabled}
        />
      </Grid.Col>
      <Grid.Col span={lineColumns.amount} order={{ base: 3, sm: 2 }}>
        {amountBox('debit', 'credit')}
      </Grid.Col>
      <Grid.Col span={lineColumns.amount} order={{ base: 4, sm: 3 }}>
        {amountBox('credit', 'debit')}
      </Grid.Col>
      <Grid.Col
        span={lineColumns.remove}
        order={{ base: 2, sm: 4 }}
        style={{ display: 'flex', justifyContent: 'center' }}
      >
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mt={2}
            aria-label={t('accounting.writing.removeLine', { line: number })}
            disabled={disabled}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Grid.Col>
    </Grid>
  );
}
