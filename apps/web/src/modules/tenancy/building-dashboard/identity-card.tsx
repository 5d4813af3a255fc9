import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf, type BuildingView } from '@copro/domain';
import { DashboardCard } from '../../../ui/dashboard-card';
import { Facts } from './facts';

/** The address on up to three lines: street; city, state and zip; country. */
function addressLines(address: BuildingView['address']): string[] {
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, cityLine, address.country].filter((line): line is string => Boolean(line));
}

export function IdentityCard({ building }: { building: BuildingView }) {
  const { t } = useTranslation();
  const lines = addressLines(building.address);
  return (
    <DashboardCard title={t('buildingDashboard.identity')}>
      <Facts
        rows={[
          { label: t('buildingDashboard.name'), value: building.name },
          {
            label: t('buildingDashboard.address'),
            value: lines.length ? (
              lines.map((line) => (
                <Text key={line} span display="block" inherit>
                  {line}
                </Text>
              ))
            ) : (
              <Text span c="dimmed" inherit>
                {t('buildingDashboard.noAddress')}
              </Text>
            ),
          },
          { label: t('buildingDashboard.type'), value: t(`buildingDashboard.types.${building.type}`) },
          { label: t('buildingDashboard.currency'), value: building.currency },
          { label: t('buildingDashboard.locale'), value: t(`language.${languageOf(building.locale)}`) },
        ]}
      />
    </DashboardCard>
  );
}
