import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupMembersSchema, groupRoles, inviteGroupUserSchema } from '@copro/domain';
import { useGroupShell } from '../../../app/shell/group-context';
import { Page } from '../../../ui/page';
import { groupPath, groupUsersQuery } from './admin-api';
import { UsersPanel } from './users-panel';

export function GroupUsersPage() {
  const { t } = useTranslation();
  const { group, can } = useGroupShell();
  const query = groupUsersQuery(group.id);
  const users = useQuery(query);
  return (
    <Page title={t('admin.users.groupTitle')}>
      <UsersPanel
        users={users}
        basePath={groupPath(group.id)}
        usersKey={query.queryKey}
        roles={groupRoles}
        defaultRole="handler"
        inviteSchema={inviteGroupUserSchema}
        membersSchema={groupMembersSchema}
        canEdit={can('group.users.edit')}
        withBan={false}
        removeBodyKey="admin.users.removeFromGroup"
      />
    </Page>
  );
}
