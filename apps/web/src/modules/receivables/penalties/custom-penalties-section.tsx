import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type CategoryView, type PenaltyView } from '@copro/domain';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { formatMoney } from '../../../ui/format';
import { confirmDelete } from './confirm-delete';
import { CustomPenaltyDialog } from './custom-penalty-dialog';
import { useDeletePenalty } from './penalties-api';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

type Editing = { penalty: PenaltyView | null } | null;

/** The building's own penalties and fees, charged by hand from a unit's page: list, add, edit, delete. */
export function CustomPenaltiesSection({
  penalties,
  categories,
  categoryName,
  defaultCategory,
  currency,
  canWrite,
}: {
  penalties: readonly PenaltyView[];
  categories: readonly CategoryView[];
  categoryName: (uuid: string) => string;
  defaultCategory: string;
  currency: string;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const mobile = useIsMobile();
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeletePenalty();
  const money = (cents: number | null) =>
    cents === null ? '' : formatMoney(cents, currency, languageOf(i18n.language));
  const name = (penalty: PenaltyView) => penalty.name ?? t(`penaltiesPage.kinds.${penalty.kind}`);

  const askDelete = (penalty: PenaltyView) =>
    confirmDelete({
      title: t('penaltiesPage.custom.deleteTitle', { name: name(penalty) }),
      text: t('penaltiesPage.custom.deleteText'),
      confirm: t('penaltiesPage.custom.delete'),
      done: t('penaltiesPage.custom.deleted'),
      failed: t('penaltiesPage.removeFailed'),
      remove: (callbacks) => remove.mutate(penalty.uuid, callbacks),
    });

  const actions = (penalty: PenaltyView) =>
    canWrite && (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <ActionIcon
          variant="subtle"
          aria-label={`${t('penaltiesPage.custom.edit')} ${name(penalty)}`}
          onClick={() => setEditing({ penalty })}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t('penaltiesPage.custom.delete')} ${name(penalty)}`}
          onClick={() => askDelete(penalty)}
          disabled={remove.isPending}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    );

  const kindBadge = (penalty: PenaltyView) => (
    <Badge variant="light" color={penalty.kind === 'customFee' ? 'blue' : 'orange'}>
      {t(`penaltiesPage.kinds.${penalty.kind}`)}
    </Badge>
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: '1 1 260px' }}>
            <Title order={2} size="h4" id={titleId}>
              {t('penaltiesPage.custom.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('penaltiesPage.custom.description')}
            </Text>
          </div>
          {canWrite && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ penalty: null })}
            >
              {t('penaltiesPage.custom.add')}
            </Button>
          )}
        </Group>
        {penalties.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('penaltiesPage.custom.empty')}
          </Text>
        ) : mobile ? (
          <Stack gap="xs">
            {penalties.map((penalty) => (
              <Paper key={penalty.uuid} withBorder radius="md" p="xs">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {name(penalty)}
                    </Text>
                    <Group gap={6}>
                      {kindBadge(penalty)}
                      <Text size="sm" fw={600} style={numeric}>
                        {money(penalty.amount)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {categoryName(penalty.categoryUuid)}
                    </Text>
                    {penalty.description && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {penalty.description}
                      </Text>
                    )}
                  </Stack>
                  {actions(penalty)}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640} maxHeight="min(60vh, 520px)" type="native">
            <Table stickyHeader highlightOnHover verticalSpacing="xs" fz="sm" aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('penaltiesPage.fields.name')}</Table.Th>
                  <Table.Th>{t('penaltiesPage.fields.kind')}</Table.Th>
                  <Table.Th style={numeric}>{t('penaltiesPage.fields.amount')}</Table.Th>
                  <Table.Th>{t('penaltiesPage.fields.category')}</Table.Th>
                  {canWrite && <Table.Th w={90} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {penalties.map((penalty) => (
                  <Table.Tr key={penalty.uuid}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={500}>
                        {name(penalty)}
                      </Text>
                      {penalty.description && (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {penalty.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{kindBadge(penalty)}</Table.Td>
                    <Table.Td style={numeric}>{money(penalty.amount)}</Table.Td>
                    <Table.Td>{categoryName(penalty.categoryUuid)}</Table.Td>
                    {canWrite && <Table.Td>{actions(penalty)}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {penalties.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('penaltiesPage.custom.count', { count: penalties.length })}
          </Text>
        )}
      </Stack>
      <CustomPenaltyDialog
        penalty={editing?.penalty ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        categories={categories}
        defaultCategory={defaultCategory}
        currency={currency}
      />
    </Paper>
  );
}
