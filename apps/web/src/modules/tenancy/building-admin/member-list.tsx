import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { searchable } from '../../../ui/format';
import type { Member } from '@copro/domain';
import type { MemberActions } from './member-controls';
import { MemberCard, MemberTableRow } from './member-row';
import { ShowMore } from './show-more';

/** Rows drawn at a time: a thousand Mantine rows at once take seconds on a modest machine. */
const pageSize = 100;

export interface MemberListProps<R extends string> {
  members: Member<R>[];
  roles: readonly R[];
  canEdit: boolean;
  withBan: boolean;
  meId: string | undefined;
  /** The member a change is being saved for, and the role it sets if it is a role change. */
  pending: { userId: string; role?: R } | null;
  actions: MemberActions<R>;
}

/**
 * Hundreds of users stay usable: a search box narrows them by name or email (case and accents
 * ignored), the table scrolls under a fixed header and draws a hundred rows at a time; on a phone
 * each user is a card.
 */
export function MemberList<R extends string>(props: MemberListProps<R>) {
  const { members, roles, canEdit, withBan, meId, pending, actions } = props;
  const { t } = useTranslation();
  const isPhone = useIsMobile();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const indexed = useMemo(
    () => members.map((member) => ({ member, key: searchable(`${member.name} ${member.email}`) })),
    [members],
  );
  const needle = searchable(deferredQuery.trim());
  const shown = useMemo(
    () => (needle ? indexed.filter((entry) => entry.key.includes(needle)) : indexed),
    [indexed, needle],
  );
  // The number of rows drawn, for the current search: a new search starts again at one page.
  const [drawn, setDrawn] = useState({ needle, limit: pageSize });
  const limit = drawn.needle === needle ? drawn.limit : pageSize;
  const showMore = useCallback(
    () =>
      setDrawn((current) => ({
        needle,
        limit: (current.needle === needle ? current.limit : pageSize) + pageSize,
      })),
    [needle],
  );
  const visible = shown.length > limit ? shown.slice(0, limit) : shown;
  const more = shown.length > limit ? <ShowMore remaining={shown.length - limit} onMore={showMore} /> : null;
  const options = useMemo(
    () => roles.map((role) => ({ value: role, label: t(`roles.${role}`) })),
    [roles, t],
  );

  const rowProps = (member: Member<R>) => ({
    member,
    role: pending?.userId === member.userId && pending.role ? pending.role : member.role,
    isMe: member.userId === meId,
    busy: pending?.userId === member.userId,
    canEdit,
    withBan,
    options,
    actions,
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          type="search"
          label={t('admin.users.search')}
          placeholder={t('admin.users.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {needle
            ? t('admin.users.shown', { shown: shown.length, total: members.length })
            : t('admin.users.count', { count: members.length })}
        </Text>
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed">{t('admin.users.noMatch', { query: deferredQuery.trim() })}</Text>
      ) : isPhone ? (
        <>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {visible.map(({ member }) => (
              <MemberCard key={member.userId} {...rowProps(member)} />
            ))}
          </Stack>
          {more}
        </>
      ) : (
        <Table.ScrollContainer minWidth={640} maxHeight="min(70vh, 640px)" type="native">
          <Table stickyHeader highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.users.name')}</Table.Th>
                <Table.Th>{t('admin.users.email')}</Table.Th>
                <Table.Th w={200}>{t('admin.users.role')}</Table.Th>
                {withBan && <Table.Th w={90}>{t('admin.users.ban')}</Table.Th>}
                {canEdit && (
                  <Table.Th w={120}>
                    <VisuallyHidden>{t('admin.users.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map(({ member }) => (
                <MemberTableRow key={member.userId} {...rowProps(member)} />
              ))}
            </Table.Tbody>
          </Table>
          {more}
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
