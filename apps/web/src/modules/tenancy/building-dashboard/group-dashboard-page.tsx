import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGroupShell } from '../../../app/shell/group-context';
import { Page } from '../../../ui/page';
import { BuildingCard } from '../dashboard/building-card';

/** A building group's home: the group's buildings the user reaches, each opening its dashboard. */
export function GroupDashboardPage() {
  const { t } = useTranslation();
  const { group } = useGroupShell();
  return (
    <Page title={group.name}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('groupDashboard.buildings')}
        </Title>
        {group.buildings.length === 0 ? (
          <Text c="dimmed">{t('groupDashboard.noBuildings')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {group.buildings.map((building) => (
              <BuildingCard key={building.ref} building={building} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Page>
  );
}
