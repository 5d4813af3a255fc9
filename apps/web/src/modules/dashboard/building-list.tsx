import { useDeferredValue, useMemo, useState } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BuildingMembership } from '../../app/memberships';
import { buildingHref } from '../../app/shell/building-paths';
import { searchable } from '../../ui/format';
import { AnchorLink } from '../../ui/router-link';
import classes from '../../ui/stretched-link.module.css';
import { DashboardSection } from './dashboard-section';

function BuildingCard({ building }: { building: BuildingMembership }) {
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

/** Hundreds of buildings stay usable: a search box narrows the list by name (accents and case ignored). */
export function BuildingList({ buildings }: { buildings: BuildingMembership[] }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const indexed = useMemo(
    () => buildings.map((b) => ({ building: b, key: searchable(`${b.name} ${b.city ?? ''}`) })),
    [buildings],
  );
  const needle = searchable(deferredQuery.trim());
  const shown = needle ? indexed.filter((entry) => entry.key.includes(needle)) : indexed;

  return (
    <DashboardSection
      title={t('dashboard.buildings')}
      aside={
        needle ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('dashboard.shown', { shown: shown.length, total: buildings.length })}
          </Text>
        ) : null
      }
    >
      {buildings.length === 0 ? (
        <Text c="dimmed">{t('dashboard.noBuildings')}</Text>
      ) : (
        <>
          <TextInput
            type="search"
            label={t('dashboard.search')}
            placeholder={t('dashboard.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maw={{ sm: 360 }}
          />
          {shown.length === 0 ? (
            <Text c="dimmed">{t('dashboard.noMatch', { query: deferredQuery.trim() })}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {shown.map(({ building }) => (
                <BuildingCard key={building.ref} building={building} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </DashboardSection>
  );
}
