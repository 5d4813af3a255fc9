import { Badge, Group, Paper, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Memberships } from '@copro/domain';
import { groupHref } from '../../../app/shell/building-paths';
import { AnchorLink } from '../../../ui/router-link';
import classes from '../../../ui/stretched-link.module.css';
import { DashboardSection } from './dashboard-section';

export function GroupList({ groups }: { groups: Memberships['groups'] }) {
  const { t } = useTranslation();
  return (
    <DashboardSection title={t('dashboard.groups')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {groups.map((group) => (
          <Paper
            key={group.id}
            withBorder
            radius="md"
            p="md"
            component="article"
            aria-label={group.name}
            pos="relative"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <AnchorLink to={groupHref(group.id, '')} fw={600} truncate="end" className={classes.stretched}>
                {group.name}
              </AnchorLink>
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
