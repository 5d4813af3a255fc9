import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { BuildingForm } from './building-form';

export function BuildingSettingsPage() {
  const { t } = useTranslation();
  const { building, can } = useBuildingShell();
  return (
    <Page title={t('admin.building.title')}>
      <BuildingForm building={building} canEdit={can('building.edit')} />
    </Page>
  );
}
