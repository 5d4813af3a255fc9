import { ActionIcon, Grid, NativeSelect, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BuildingView } from '@copro/domain';
import type { BoundField } from '../../../ui/use-record-form';
import type { WritingTax } from './writing-values';

/** One tax of a writing: which tax, and its amount. */
export function WritingTaxRow({
  index,
  field,
  choices,
  onRemove,
  disabled,
}: {
  index: number;
  field: BoundField<WritingTax>;
  /** The taxes this row may be: its own and the active ones no other row holds. */
  choices: BuildingView['taxes'];
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const row = field.value;
  const number = index + 1;
  return (
    <Grid columns={24} gutter="xs" align="flex-start">
      <Grid.Col span={{ base: 24, xs: 12 }}>
        <NativeSelect
          aria-label={t('accounting.taxes.codeOf', { line: number })}
          data={choices.map((tax) => ({ value: tax.id, label: t(`admin.taxCodes.${tax.id}`) }))}
          disabled={disabled}
          value={row.code}
          onChange={(event) => field.onChange({ ...row, code: event.currentTarget.value })}
          error={field.errorAt('code')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 20, xs: 10 }}>
        <TextInput
          aria-label={t('accounting.taxes.amountOf', { line: number })}
          placeholder={t('accounting.taxes.amount')}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          value={row.amount}
          onChange={(event) => field.onChange({ ...row, amount: event.currentTarget.value })}
          error={field.errorAt('amount')}
          styles={{ input: { textAlign: 'right' } }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 4, xs: 2 }} style={{ display: 'flex', justifyContent: 'center' }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          mt={2}
          aria-label={t('accounting.taxes.remove', { line: number })}
          disabled={disabled}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Grid.Col>
    </Grid>
  );
}
