import { useState } from 'react';
import { Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalculator, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCents, languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Translated } from '../../../ui/translated';
import type { RecordForm } from '../../../ui/use-record-form';
import { taxOf } from './tax-amount';
import { typedAmount } from '../../../ui/typed-amount';
import { WritingTaxRow } from './writing-tax-row';
import type { WritingTax, WritingValues } from './writing-values';

/**
 * The taxes a writing carries, kept with it for the tax reports (they add no lines): each an
 * active tax of the building and its amount, typed or computed at the building's rate from the
 * amount before taxes.
 */
export function WritingTaxes({ form, disabled }: { form: RecordForm<WritingValues>; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  const [base, setBase] = useState('');
  const [baseError, setBaseError] = useState<string | null>(null);
  const taxes = form.values.taxes;
  const active = building.taxes.filter((tax) => tax.isActive);
  const free = active.filter((tax) => !taxes.some((row) => row.code === tax.id));
  const nextTax = free[0];

  if (active.length === 0 && taxes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('accounting.taxes.noneActive')}
      </Text>
    );

  const setTaxes = (next: WritingTax[]) => form.setValue('taxes', next);
  const compute = () => {
    const typed = typedAmount(base);
    if (typed.kind !== 'cents') {
      setBaseError(typed.kind === 'wrong' ? typed.key : 'validation.required');
      return;
    }
    setTaxes(
      taxes.map((row) => {
        const rate = building.taxes.find((tax) => tax.id === row.code)?.rate;
        return rate === undefined ? row : { ...row, amount: formatCents(taxOf(typed.cents, rate), language) };
      }),
    );
  };

  return (
    <Stack gap="xs">
      {taxes.length > 0 && (
        <TextInput
          label={t('accounting.taxes.base')}
          description={t('accounting.taxes.baseHint')}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          value={base}
          onChange={(event) => {
            setBase(event.currentTarget.value);
            setBaseError(null);
          }}
          error={baseError && <Translated k={baseError} />}
          // The button sits beside the box itself, whatever the label and the error above and below.
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Box maw={200} style={{ flex: 1 }}>
                {input}
              </Box>
              <Button
                variant="light"
                leftSection={<IconCalculator size={16} aria-hidden />}
                disabled={disabled}
                onClick={compute}
              >
                {t('accounting.taxes.compute')}
              </Button>
            </Group>
          )}
          styles={{ input: { textAlign: 'right' } }}
        />
      )}
      {taxes.map((row, index) => (
        <WritingTaxRow
          // Tax rows have no identity of their own: their position is what the errors are keyed by.
          key={index}
          index={index}
          field={form.field<WritingTax>(`taxes.${index}`)}
          choices={building.taxes.filter((tax) => tax.id === row.code || free.includes(tax))}
          onRemove={() => setTaxes(taxes.filter((_, i) => i !== index))}
          disabled={disabled}
        />
      ))}
      {nextTax && (
        <Box>
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={disabled}
            onClick={() => setTaxes([...taxes, { code: nextTax.id, amount: '' }])}
          >
            {t('accounting.taxes.add')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
