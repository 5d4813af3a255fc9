import { Alert, Stack } from '@mantine/core';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '../../../app/session';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import type { MembersAnswer } from '@copro/domain';
import { FormSection } from '../../../ui/form-section';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { useMemberActions } from './use-member-actions';

interface UsersPanelProps<R extends string> {
  users: UseQueryResult<MembersAnswer<R>>;
  basePath: string;
  usersKey: QueryKey;
  roles: readonly R[];
  defaultRole: R;
  inviteSchema: z.ZodType<{ email: string; role: string }>;
  /** The list's response schema: role changes, removals and cancels answer the new list. */
  membersSchema: z.ZodType<MembersAnswer<R>>;
  canEdit: boolean;
  withBan: boolean;
  removeBodyKey: string;
}

/** A building's or a group's users: invite, the members, the invitations still pending. */
export function UsersPanel<R extends string>(props: UsersPanelProps<R>) {
  const { users, basePath, usersKey, roles, canEdit, withBan } = props;
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { actions, pending, cancelInvitation, cancelling } = useMemberActions<R>({
    basePath,
    usersKey,
    meId: me?.id,
    removeBodyKey: props.removeBodyKey,
    membersSchema: props.membersSchema,
  });

  if (users.isPending) return <PageLoader />;
  if (users.isError) return <QueryError error={users.error} onRetry={() => void users.refetch()} />;
  return (
    <Stack gap="md">
      {!canEdit && (
        <Alert color="gray" variant="light">
          {t('admin.users.readOnly')}
        </Alert>
      )}
      {canEdit && (
        <FormSection title={t('admin.invite.title')} description={t('admin.invite.hint')}>
          <InviteForm
            basePath={basePath}
            usersKey={usersKey}
            roles={roles}
            defaultRole={props.defaultRole}
            schema={props.inviteSchema}
          />
        </FormSection>
      )}
      <FormSection title={t('admin.users.members')}>
        <MemberList
          members={users.data.users}
          roles={roles}
          canEdit={canEdit}
          withBan={withBan}
          meId={me?.id}
          pending={pending}
          actions={actions}
        />
      </FormSection>
      <FormSection title={t('admin.invitations.title')}>
        <InvitationList
          invitations={users.data.invitations}
          canEdit={canEdit}
          cancelling={cancelling}
          onCancel={cancelInvitation}
        />
      </FormSection>
    </Stack>
  );
}
