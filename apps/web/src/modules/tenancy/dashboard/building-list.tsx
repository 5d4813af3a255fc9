import { useDeferredValue, useMemo, useState } from 'react';
import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BuildingMembership } from '@copro/domain';
import { searchable } from '../../../ui/format';
import { BuildingCard } from './building-card';
import { DashboardSection } from './dashboard-section';

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
