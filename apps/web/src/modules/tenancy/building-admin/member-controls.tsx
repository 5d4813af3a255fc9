import { Badge, Button, NativeSelect, Switch } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@copro/domain';

export interface RoleOption {
  value: string;
  label: string;
}

/** What a row can do: callbacks are stable so rows that did not change do not render again. */
export interface MemberActions<R extends string> {
  onRoleChange: (member: Member<R>, role: R) => void;
  onBanChange?: (member: Member<R>, banned: boolean) => void;
  onRemove: (member: Member<R>) => void;
}

export const displayName = (member: { name: string; email: string }): string => member.name || member.email;

export function RoleControl<R extends string>({
  member,
  role,
  options,
  canEdit,
  busy,
  actions,
}: {
  member: Member<R>;
  role: R;
  options: RoleOption[];
  canEdit: boolean;
  busy: boolean;
  actions: MemberActions<R>;
}) {
  const { t } = useTranslation();
  if (!canEdit) return <Badge variant="light">{t(`roles.${role}`)}</Badge>;
  return (
    <NativeSelect
      size="xs"
      aria-label={t('admin.users.roleOf', { name: displayName(member) })}
      data={options}
      value={role}
      disabled={busy}
      // The options are the role list itself, so the value is one of R.
      onChange={(event) => actions.onRoleChange(member, event.currentTarget.value as R)}
    />
  );
}

export function BanControl<R extends string>({
  member,
  canEdit,
  busy,
  actions,
  withLabel,
}: {
  member: Member<R>;
  canEdit: boolean;
  busy: boolean;
  actions: MemberActions<R>;
  withLabel: boolean;
}) {
  const { t } = useTranslation();
  const onBanChange = actions.onBanChange;
  if (!canEdit || !onBanChange)
    return member.banned ? (
      <Badge color="red" variant="light">
        {t('admin.users.bannedBadge')}
      </Badge>
    ) : null;
  return (
    <Switch
      color="red"
      checked={member.banned ?? false}
      disabled={busy}
      label={withLabel ? t('admin.users.ban') : undefined}
      aria-label={withLabel ? undefined : t('admin.users.banOf', { name: displayName(member) })}
      onChange={(event) => onBanChange(member, event.currentTarget.checked)}
    />
  );
}

export function RemoveControl<R extends string>({
  member,
  busy,
  actions,
}: {
  member: Member<R>;
  busy: boolean;
  actions: MemberActions<R>;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      disabled={busy}
      aria-label={t('admin.users.removeOf', { name: displayName(member) })}
      onClick={() => actions.onRemove(member)}
    >
      {t('admin.users.remove')}
    </Button>
  );
}
