import { useQuery } from '@tanstack/react-query';
import { buildingUrl } from '../../../app/api-paths';
import { useTranslation } from 'react-i18next';
import { buildingMembersSchema, buildingRoles, inviteBuildingUserSchema } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { buildingUsersQuery } from './admin-api';
import { UsersPanel } from './users-panel';

export function BuildingUsersPage() {
  const { t } = useTranslation();
  const { building, can } = useBuildingShell();
  const query = buildingUsersQuery(building.buildingRef);
  const users = useQuery(query);
  return (
    <Page title={t('admin.users.title')}>
      <UsersPanel
        users={users}
        basePath={buildingUrl(building.buildingRef)}
        usersKey={query.queryKey}
        roles={buildingRoles}
        defaultRole="owner"
        inviteSchema={inviteBuildingUserSchema}
        membersSchema={buildingMembersSchema}
        canEdit={can('users.edit')}
        withBan
        removeBodyKey="admin.users.removeFromBuilding"
      />
    </Page>
  );
}
