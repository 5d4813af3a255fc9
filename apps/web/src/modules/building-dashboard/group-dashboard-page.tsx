import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { buildingHref } from '../../app/shell/building-paths';
import { useGroupShell } from '../../app/shell/group-context';
import { Page } from '../../ui/page';
import { AnchorLink } from '../../ui/router-link';
import classes from '../../ui/stretched-link.module.css';

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
              <Paper key={building.ref} withBorder radius="md" p="md" pos="relative" component="article">
                <Stack gap={6}>
                  <AnchorLink
                    to={buildingHref(building.ref, undefined, '')}
                    fw={600}
                    className={classes.stretched}
                    lineClamp={2}
                  >
                    {building.name}
                  </AnchorLink>
                  {building.city && (
                    <Text size="sm" c="dimmed">
                      {building.city}
                    </Text>
                  )}
                  <Group gap={6}>
                    <Badge variant="light">{t(`roles.${building.role}`)}</Badge>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Page>
  );
}
