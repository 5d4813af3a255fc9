import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PenaltyCheckDialog } from './penalty-check-dialog';

/**
 * DOMAIN 5 in plain words: the three conditions, the grace days, once per billing month; and, for
 * those who manage the finances, the daily check run at once, after seeing what it will charge.
 */
export function PenaltyRulesCard({ minimumBalance, canRun }: { minimumBalance: string; canRun: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [checking, setChecking] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t('penaltiesPage.rules.title')}
        </Title>
        <Text size="sm">{t('penaltiesPage.rules.intro')}</Text>
        <List type="ordered" size="sm" spacing={2} withPadding>
          <List.Item>{t('penaltiesPage.rules.unpaid')}</List.Item>
          <List.Item>{t('penaltiesPage.rules.threshold', { amount: minimumBalance })}</List.Item>
          <List.Item>{t('penaltiesPage.rules.late')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('penaltiesPage.rules.once')}
        </Text>
        {canRun && (
          <Group gap="sm" mt={4}>
            <Button
              variant="light"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => setChecking(true)}
            >
              {t('penaltiesPage.rules.run')}
            </Button>
            <Text size="xs" c="dimmed" style={{ flex: '1 1 200px' }}>
              {t('penaltiesPage.rules.runHint')}
            </Text>
          </Group>
        )}
      </Stack>
      <PenaltyCheckDialog opened={checking} onClose={() => setChecking(false)} />
    </Paper>
  );
}
