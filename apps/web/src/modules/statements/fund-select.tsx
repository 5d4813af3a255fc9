import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { funds, type Fund } from '@copro/domain';

/** The fund a bank account or a category belongs to (DOMAIN 12), for their forms. */
export function FundSelect({ description, ...props }: Omit<NativeSelectProps, 'data' | 'label'>) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('fundChoice.label')}
      description={description}
      required
      data={funds.map((fund) => ({ value: fund, label: t(`fundChoice.names.${fund}`) }))}
      {...props}
    />
  );
}

/** A fund's name in the reader's language. */
export function useFundName(): (fund: Fund) => string {
  const { t } = useTranslation();
  return (fund) => t(`fundChoice.names.${fund}`);
}
