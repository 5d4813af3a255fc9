import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGroupShell } from '../../../app/shell/group-context';
import { Page } from '../../../ui/page';
import { GroupBuildings } from './group-buildings';
import { GroupSettingsForm } from './group-settings-form';

export function GroupSettingsPage() {
  const { t } = useTranslation();
  const { group, can } = useGroupShell();
  return (
    <Page title={t('admin.group.title')}>
      <Stack gap="md" maw={880}>
        {/* A new answer from the server (a save, another admin's edit) starts the form again. */}
        <GroupSettingsForm
          key={`${group.name}|${group.logoUrl ?? ''}`}
          group={group}
          canEdit={can('group.edit')}
        />
        <GroupBuildings buildings={group.buildings} />
      </Stack>
    </Page>
  );
}
