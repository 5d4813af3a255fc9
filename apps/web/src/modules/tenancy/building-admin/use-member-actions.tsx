import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import type { Member, MembersAnswer, PendingInvitation } from '@copro/domain';
import { displayName, type MemberActions } from './member-controls';

type MemberPatch<R extends string> = { role: R } | { banned: boolean };

interface Options {
  /** /api/buildings/{ref} or /api/building-groups/{id}. */
  basePath: string;
  usersKey: QueryKey;
  meId: string | undefined;
  /** i18n key of the removal warning: where the person loses access. */
  removeBodyKey: string;
}

/** The list's own response schema (building or group users): every change answers the new list. */
type MembersSchema<R extends string> = z.ZodType<MembersAnswer<R>>;

/**
 * Role change, ban, removal and invitation cancel, shared by building and group users. Every
 * answer is the new list, which replaces the cached one.
 */
export function useMemberActions<R extends string>({
  basePath,
  usersKey,
  meId,
  removeBodyKey,
  membersSchema,
}: Options & { membersSchema: MembersSchema<R> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setUsers = (answer: MembersAnswer<R>) => queryClient.setQueryData(usersKey, answer);
  const userPath = (member: Member<R>) => `${basePath}/users/${encodeURIComponent(member.userId)}`;

  const change = useMutation({
    mutationFn: ({ member, patch }: { member: Member<R>; patch: MemberPatch<R> }) =>
      api(userPath(member), { response: membersSchema, method: 'PATCH', body: patch }),
    onSuccess: (answer, { member, patch }) => {
      setUsers(answer);
      const name = displayName(member);
      notifySuccess(
        'role' in patch
          ? t('admin.users.roleChanged', { name, role: t(`roles.${patch.role}`) })
          : t(patch.banned ? 'admin.users.banned' : 'admin.users.unbanned', { name }),
      );
    },
    onError: (error, { patch }) =>
      notifyError(error, t('role' in patch ? 'admin.users.roleChangeFailed' : 'admin.users.banFailed')),
  });

  const remove = useMutation({
    mutationFn: (member: Member<R>) => api(userPath(member), { response: membersSchema, method: 'DELETE' }),
    onSuccess: (answer, member) => {
      setUsers(answer);
      notifySuccess(t('admin.users.removed', { name: displayName(member) }));
    },
    onError: (error) => notifyError(error, t('admin.users.removeFailed')),
  });

  const cancelInvitation = useMutation({
    mutationFn: (invitation: PendingInvitation<R>) =>
      api(`${basePath}/invitations/${encodeURIComponent(invitation.email)}`, {
        response: membersSchema,
        method: 'DELETE',
      }),
    onSuccess: (answer, invitation) => {
      setUsers(answer);
      notifySuccess(t('admin.invitations.cancelled', { email: invitation.email }));
    },
    onError: (error) => notifyError(error, t('admin.invitations.cancelFailed')),
  });

  const { mutate: changeMember } = change;
  const { mutate: removeMember } = remove;
  const actions = useMemo<MemberActions<R>>(() => {
    const confirmSelf = (title: string, body: string, onConfirm: () => void) =>
      modals.openConfirmModal({
        title,
        children: <Text size="sm">{body}</Text>,
        labels: { confirm: t('admin.users.selfConfirm'), cancel: t('admin.users.keep') },
        confirmProps: { color: 'red' },
        onConfirm,
      });
    return {
      onRoleChange: (member, role) => {
        const run = () => changeMember({ member, patch: { role } });
        if (member.userId === meId)
          confirmSelf(t('admin.users.selfRoleTitle'), t('admin.users.selfRoleBody'), run);
        else run();
      },
      onBanChange: (member, banned) => {
        const run = () => changeMember({ member, patch: { banned } });
        if (member.userId === meId && banned)
          confirmSelf(t('admin.users.selfBanTitle'), t('admin.users.selfBanBody'), run);
        else run();
      },
      onRemove: (member) =>
        modals.openConfirmModal({
          title: t('admin.users.removeTitle', { name: displayName(member) }),
          children: (
            <Text size="sm">{t(removeBodyKey, { name: displayName(member), email: member.email })}</Text>
          ),
          labels: { confirm: t('admin.users.removeConfirm'), cancel: t('admin.users.keep') },
          confirmProps: { color: 'red' },
          onConfirm: () => removeMember(member),
        }),
    };
  }, [t, meId, removeBodyKey, changeMember, removeMember]);

  const changing = change.isPending ? change.variables : undefined;
  const pending: { userId: string; role?: R } | null = changing
    ? { userId: changing.member.userId, ...('role' in changing.patch ? { role: changing.patch.role } : {}) }
    : remove.isPending && remove.variables
      ? { userId: remove.variables.userId }
      : null;

  return {
    actions,
    pending,
    cancelInvitation: cancelInvitation.mutate,
    cancelling: cancelInvitation.isPending ? (cancelInvitation.variables?.email ?? null) : null,
  };
}
