import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import { DetailCard, formatDay } from '../../registry';
import { useUnitReminders } from './unit-accounts-api';

/**
 * DOMAIN 5: every arrears reminder sent to the unit's owners, newest first, recorded on the unit
 * (who sent it, or the daily run; the level; what was owed; to whom).
 */
export function ReminderHistory({ unitUuid }: { unitUuid: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  const reminders = useUnitReminders(unitUuid);
  const rows = reminders.data ?? [];
  return (
    <DetailCard title={t('unitReminders.title')}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {reminders.isPending ? t('unitReminders.loading') : t('unitReminders.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('unitReminders.sentAt')}</Table.Th>
                <Table.Th>{t('unitReminders.level')}</Table.Th>
                <Table.Th ta="right">{t('unitReminders.amount')}</Table.Th>
                <Table.Th>{t('unitReminders.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((reminder) => (
                <Table.Tr key={reminder.month}>
                  <Table.Td>
                    <Stack gap={0}>
                      <span>{formatDay(reminder.sentAt.slice(0, 10), language)}</span>
                      <Text size="xs" c="dimmed">
                        {reminder.automatic
                          ? t('unitReminders.automatic')
                          : (reminder.sentByName ?? t('unitReminders.byHand'))}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{t('unitReminders.levelValue', { level: reminder.level })}</Table.Td>
                  <Table.Td ta="right">{formatMoney(reminder.amount, building.currency, language)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{reminder.emails.join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </DetailCard>
  );
}
