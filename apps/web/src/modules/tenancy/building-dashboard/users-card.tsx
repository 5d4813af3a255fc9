import { Badge, Group, Stack, Text } from '@mantine/core';
import { buildingUrl } from '../../../app/api-paths';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buildingMembersSchema, buildingRoles } from '@copro/domain';
import { api } from '../../../app/api';
import { useBuildingShell } from '../../../app/shell/building-context';
import { DashboardCard } from '../../../ui/dashboard-card';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';

/** Live events announce user changes under the 'users' collection. */
const usersQuery = (buildingRef: string) => ({
  queryKey: ['building', buildingRef, 'users'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api(`${buildingUrl(buildingRef)}/users`, {
      response: buildingMembersSchema,
      signal,
    }),
});

function RoleCounts({ buildingRef }: { buildingRef: string }) {
  const { t } = useTranslation();
  const users = useQuery(usersQuery(buildingRef));
  if (users.isPending) return <PageLoader />;
  if (users.isError) return <QueryError error={users.error} onRetry={() => void users.refetch()} />;
  const counts = buildingRoles
    .map((role) => ({ role, count: users.data.users.filter((u) => u.role === role).length }))
    .filter(({ count }) => count > 0);
  const pending = users.data.invitations.filter((invitation) => !invitation.expired).length;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('buildingDashboard.usersTotal', { count: users.data.users.length })}
      </Text>
      {counts.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('buildingDashboard.noUsers')}
        </Text>
      )}
      {counts.map(({ role, count }) => (
        <Group key={role} justify="space-between" gap="xs">
          <Text size="sm">{t(`roles.${role}`)}</Text>
          <Badge variant="light" color="gray">
            {count}
          </Badge>
        </Group>
      ))}
      {pending > 0 && (
        <Text size="sm" c="dimmed">
          {t('buildingDashboard.invitations', { count: pending })}
        </Text>
      )}
    </Stack>
  );
}

/** Users and roles: the count per role for those who may see the users, else the user's own role. */
export function UsersCard() {
  const { t } = useTranslation();
  const { building, role, can } = useBuildingShell();
  return (
    <DashboardCard title={t('buildingDashboard.users')}>
      {can('users.view') ? (
        <RoleCounts buildingRef={building.buildingRef} />
      ) : (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('buildingDashboard.yourRole')}</Text>
          <Badge variant="light">{t(`roles.${role}`)}</Badge>
        </Group>
      )}
    </DashboardCard>
  );
}
