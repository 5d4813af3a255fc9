import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** DOMAIN 2: what creating a year does to the books, said before the user commits to it. */
export function CreationExplanation() {
  const { t } = useTranslation();
  const items = ['registry', 'balances', 'income', 'openItems'] as const;
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('fiscalYears.explain.title')}
      </Text>
      <List size="sm" spacing={4}>
        {items.map((item) => (
          <List.Item key={item}>{t(`fiscalYears.explain.${item}`)}</List.Item>
        ))}
      </List>
    </div>
  );
}
