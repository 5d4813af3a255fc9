import { SimpleGrid } from '@mantine/core';
import { useBuildingShell } from '../../../app/shell/building-context';
import { buildingModules } from '../../building-modules';
import { Page } from '../../../ui/page';
import { FiscalYearCard } from './fiscal-year-card';
import { IdentityCard } from './identity-card';
import { UsersCard } from './users-card';

/** What a manager needs first: the building, the fiscal year, its users, then each area's cards. */
export function BuildingDashboardPage() {
  const { building } = useBuildingShell();
  const cards = buildingModules.flatMap((m) => m.dashboardCards ?? []);
  return (
    <Page title={building.name}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ alignItems: 'start' }}>
        <IdentityCard building={building} />
        <FiscalYearCard />
        <UsersCard />
        {cards.map((Card, index) => (
          <Card key={index} building={building} />
        ))}
      </SimpleGrid>
    </Page>
  );
}
