import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BuildingMembership } from '@copro/domain';
import { buildingHref } from '../../../app/shell/building-paths';
import { AnchorLink } from '../../../ui/router-link';
import classes from '../../../ui/stretched-link.module.css';

/** A building the user reaches, with their role there; the whole card opens its dashboard. */
export function BuildingCard({ building }: { building: BuildingMembership }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={building.name} pos="relative">
      <Stack gap={6}>
        <AnchorLink
          to={buildingHref(building.ref, undefined, '')}
          fw={600}
          lineClamp={2}
          className={classes.stretched}
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
          {building.banned && (
            <Badge color="red" variant="filled">
              {t('dashboard.disabled')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
