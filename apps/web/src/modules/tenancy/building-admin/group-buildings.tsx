import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BuildingMembership } from '@copro/domain';
import { buildingHref } from '../../../app/shell/building-paths';
import { AnchorLink } from '../../../ui/router-link';
import { FormSection } from '../../../ui/form-section';

/** The group's buildings this user reaches, each a link to its dashboard. */
export function GroupBuildings({ buildings }: { buildings: BuildingMembership[] }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('admin.group.buildings')}>
      {buildings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.group.noBuildings')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {buildings.map((building) => (
            <Paper key={building.ref} component="li" withBorder radius="md" px="sm" py="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <AnchorLink to={buildingHref(building.ref, undefined, 'dashboard')} fw={500} truncate="end">
                    {building.name}
                  </AnchorLink>
                  {building.city && (
                    <Text size="sm" c="dimmed">
                      {building.city}
                    </Text>
                  )}
                </Stack>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Badge variant="light">{t(`roles.${building.role}`)}</Badge>
                  {building.banned && (
                    <Badge color="red" variant="light">
                      {t('admin.users.bannedBadge')}
                    </Badge>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </FormSection>
  );
}
