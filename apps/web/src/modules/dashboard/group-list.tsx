import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Memberships } from '../../app/memberships';
import { DashboardSection } from './dashboard-section';

export function GroupList({ groups }: { groups: Memberships['groups'] }) {
  const { t } = useTranslation();
  return (
    <DashboardSection title={t('dashboard.groups')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {groups.map((group) => (
          <Paper key={group.id} withBorder radius="md" p="md" component="article" aria-label={group.name}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} truncate="end">
                {group.name}
              </Text>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {t(`roles.${group.role}`)}
              </Badge>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </DashboardSection>
  );
}
