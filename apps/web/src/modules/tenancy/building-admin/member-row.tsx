import { memo } from 'react';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Member } from '@copro/domain';
import {
  BanControl,
  RemoveControl,
  RoleControl,
  type MemberActions,
  type RoleOption,
} from './member-controls';

export interface MemberRowProps<R extends string> {
  member: Member<R>;
  /** The role to show: the one being saved while a change is under way. */
  role: R;
  isMe: boolean;
  busy: boolean;
  canEdit: boolean;
  withBan: boolean;
  options: RoleOption[];
  actions: MemberActions<R>;
}

function NameCell({ member, isMe }: { member: Member<string>; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500} truncate="end">
        {member.name || '—'}
      </Text>
      {isMe && (
        <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>
          {t('admin.users.you')}
        </Badge>
      )}
    </Group>
  );
}

function MemberTableRowImpl<R extends string>(props: MemberRowProps<R>) {
  const { member, canEdit, withBan, busy, actions } = props;
  return (
    <Table.Tr>
      <Table.Td maw={220}>
        <NameCell member={member} isMe={props.isMe} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
      <Table.Td>
        <RoleControl
          member={member}
          role={props.role}
          options={props.options}
          canEdit={canEdit}
          busy={busy}
          actions={actions}
        />
      </Table.Td>
      {withBan && (
        <Table.Td>
          <BanControl member={member} canEdit={canEdit} busy={busy} actions={actions} withLabel={false} />
        </Table.Td>
      )}
      {canEdit && (
        <Table.Td ta="right">
          <RemoveControl member={member} busy={busy} actions={actions} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function MemberCardImpl<R extends string>(props: MemberRowProps<R>) {
  const { member, canEdit, withBan, busy, actions } = props;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={member.name || member.email}>
      <Stack gap={8}>
        <div>
          <NameCell member={member} isMe={props.isMe} />
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        </div>
        <RoleControl
          member={member}
          role={props.role}
          options={props.options}
          canEdit={canEdit}
          busy={busy}
          actions={actions}
        />
        {(canEdit || (withBan && member.banned)) && (
          <Group justify="space-between" gap="xs">
            {withBan ? (
              <BanControl member={member} canEdit={canEdit} busy={busy} actions={actions} withLabel />
            ) : (
              <span />
            )}
            {canEdit && <RemoveControl member={member} busy={busy} actions={actions} />}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

// memo() drops the type parameter; the casts give it back.
export const MemberTableRow = memo(MemberTableRowImpl) as typeof MemberTableRowImpl;
export const MemberCard = memo(MemberCardImpl) as typeof MemberCardImpl;
