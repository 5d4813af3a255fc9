import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { languageOf, type VoteSharesEdit } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { formatPercentage, searchable } from '../../../ui/format';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { Translated } from '../../../ui/translated';
import { useRecords } from '../registry-api';
import { useSaveVoteShares } from './units-api';
import {
  isChanged,
  kindTotals,
  prepareShares,
  rowOfPath,
  shareKinds,
  shareRows,
  shownText,
  type KindTotal,
  type ShareKind,
  type ShareRow,
} from './vote-share-rows';

/** admin/vote-shares (SPEC 2, behind its flag): every active unit, parking and locker's share at once. */
export function VoteSharesPage() {
  const { t } = useTranslation();
  const units = useRecords('units');
  const parkings = useRecords('parkings');
  const lockers = useRecords('lockers');
  const failed = [units, parkings, lockers].find((query) => query.error);
  const loaded = units.data && parkings.data && lockers.data;
  const rows = useMemo(
    () =>
      loaded
        ? shareRows({ units: units.data ?? [], parkings: parkings.data ?? [], lockers: lockers.data ?? [] })
        : [],
    [loaded, units.data, parkings.data, lockers.data],
  );
  return (
    <Page title={t('voteShares.title')}>
      {failed ? (
        <QueryError error={failed.error} onRetry={() => void failed.refetch()} />
      ) : loaded ? (
        <VoteSharesEditor rows={rows} />
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}

type Shown = 'all' | ShareKind;

function VoteSharesEditor({ rows }: { rows: ShareRow[] }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { readOnly } = useBuildingShell();
  const save = useSaveVoteShares();
  const [edits, setEdits] = useState<Map<string, string>>(() => new Map());
  const [rowErrors, setRowErrors] = useState<Map<string, ReactNode>>(() => new Map());
  const [shown, setShown] = useState<Shown>('all');
  const [changedOnly, setChangedOnly] = useState(false);
  const [query, setQuery] = useState('');
  const needle = searchable(useDeferredValue(query).trim());

  const isPhone = useIsMobile();
  const kindChoices = [
    { value: 'all', label: t('recordBrowser.all') },
    ...shareKinds.map((kind) => ({ value: kind, label: t(`voteShares.kinds.${kind}`) })),
  ];
  const totals = useMemo(() => kindTotals(rows, edits), [rows, edits]);
  const changedCount = shareKinds.reduce((sum, kind) => sum + totals[kind].changed, 0);
  const visible = useMemo(
    () =>
      rows.filter(
        (row) =>
          (shown === 'all' || row.kind === shown) &&
          (!needle || searchable(row.number).includes(needle)) &&
          (!changedOnly || isChanged(row, edits) || rowErrors.has(row.uuid)),
      ),
    [rows, shown, needle, changedOnly, edits, rowErrors],
  );

  const edit = (row: ShareRow, text: string) => {
    setEdits((current) => new Map(current).set(row.uuid, text));
    if (rowErrors.has(row.uuid)) {
      setRowErrors((current) => {
        const next = new Map(current);
        next.delete(row.uuid);
        return next;
      });
    }
  };

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 49,
    overscan: 10,
  });

  const showRowErrors = (errors: Map<string, ReactNode>) => {
    setRowErrors(errors);
    setChangedOnly(true);
    setShown('all');
  };

  const send = (body: VoteSharesEdit) =>
    save.mutate(body, {
      onSuccess: ({ changed }) => {
        setEdits(new Map());
        setRowErrors(new Map());
        setChangedOnly(false);
        notifySuccess(t('voteShares.saved', { count: changed }));
      },
      onError: (error) => {
        const found = new Map<string, ReactNode>();
        if (error instanceof ApiError) {
          for (const issue of error.issues) {
            const uuid = rowOfPath(rows, issue.path);
            if (uuid && !found.has(uuid)) found.set(uuid, <Translated k={issue.key} params={issue.params} />);
          }
        }
        if (found.size > 0) showRowErrors(found);
        notifyError(error, t('voteShares.saveFailed'));
      },
    });

  const submit = () => {
    const { body, issues } = prepareShares(rows, edits);
    if (!body) {
      showRowErrors(
        new Map(
          [...issues].map(([uuid, issue]) => [uuid, <Translated k={issue.key} params={issue.params} />]),
        ),
      );
      return;
    }
    // The units should make up the whole building; saving otherwise is allowed, once confirmed.
    if (totals.units.whole) {
      send(body);
      return;
    }
    modals.openConfirmModal({
      title: t('voteShares.confirmTitle'),
      children: (
        <Text size="sm">
          {t('voteShares.confirmText', { total: formatPercentage(totals.units.total, language) })}
        </Text>
      ),
      labels: { confirm: t('voteShares.saveAnyway'), cancel: t('units.actions.cancel') },
      onConfirm: () => send(body),
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('voteShares.intro')}
      </Text>
      <Paper
        withBorder
        shadow="xs"
        radius="md"
        p="sm"
        style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0rem)', zIndex: 3 }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={4}>
            {shareKinds.map((kind) => (
              <KindSummary key={kind} kind={kind} total={totals[kind]} />
            ))}
          </SimpleGrid>
          {totals.units.count > 0 && !totals.units.whole && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              p="xs"
              role="alert"
            >
              <Text size="sm">
                {t(totals.units.total < 1 ? 'voteShares.unitsShort' : 'voteShares.unitsOver', {
                  total: formatPercentage(totals.units.total, language),
                  difference: formatPercentage(Math.abs(1 - totals.units.total), language),
                })}
              </Text>
            </Alert>
          )}
          {!readOnly && (
            <Group justify="space-between" gap="xs">
              <Text size="sm" c={rowErrors.size > 0 ? 'red' : 'dimmed'} aria-live="polite">
                {rowErrors.size > 0
                  ? t('voteShares.rowsToFix', { count: rowErrors.size })
                  : t('voteShares.changedCount', { count: changedCount })}
              </Text>
              <Group gap="xs" ml="auto">
                {edits.size > 0 && (
                  <Button
                    variant="default"
                    disabled={save.isPending}
                    onClick={() => {
                      setEdits(new Map());
                      setRowErrors(new Map());
                      setChangedOnly(false);
                    }}
                  >
                    {t('admin.form.discard')}
                  </Button>
                )}
                <Button onClick={submit} loading={save.isPending} disabled={changedCount === 0}>
                  {t('voteShares.save')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </Paper>

      <Group gap="xs" align="flex-end">
        <TextInput
          aria-label={t('voteShares.search')}
          placeholder={t('voteShares.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
        />
        {isPhone ? (
          <NativeSelect
            aria-label={t('voteShares.shown')}
            value={shown}
            onChange={(event) => setShown(event.currentTarget.value as Shown)}
            data={kindChoices}
            style={{ flex: '1 1 120px' }}
          />
        ) : (
          <SegmentedControl value={shown} onChange={(value) => setShown(value as Shown)} data={kindChoices} />
        )}
        <Switch
          label={t('voteShares.changedOnly')}
          checked={changedOnly}
          onChange={(event) => setChangedOnly(event.currentTarget.checked)}
        />
      </Group>

      <Paper withBorder radius="md">
        <div
          ref={scroller}
          style={{ height: 'max(320px, calc(100dvh - 420px))', overflowY: 'auto' }}
          aria-label={t('voteShares.table')}
          role="region"
          tabIndex={0}
        >
          {visible.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              {t('recordBrowser.nothing')}
            </Text>
          ) : (
            <Table stickyHeader verticalSpacing={6} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="34%">{t('voteShares.columns.record')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('voteShares.columns.saved')}</Table.Th>
                  <Table.Th w={{ base: '66%', sm: '40%' }}>{t('voteShares.columns.share')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Spacer height={virtualizer.getVirtualItems()[0]?.start ?? 0} />
                {virtualizer.getVirtualItems().map((item) => {
                  const row = visible[item.index];
                  if (!row) return null;
                  const changed = isChanged(row, edits);
                  return (
                    <Table.Tr
                      key={row.uuid}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      bg={
                        rowErrors.has(row.uuid)
                          ? 'var(--mantine-color-red-light)'
                          : changed
                            ? 'var(--mantine-primary-color-light)'
                            : undefined
                      }
                    >
                      <Table.Td>
                        <Text size="sm" fw={500} truncate>
                          {row.number}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`voteShares.kind.${row.kind}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text size="sm" c="dimmed">
                          {formatPercentage(row.saved, language)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          inputMode="decimal"
                          aria-label={t('voteShares.shareOf', {
                            record: `${t(`voteShares.kind.${row.kind}`)} ${row.number}`,
                          })}
                          rightSection={
                            <Text size="xs" c="dimmed">
                              %
                            </Text>
                          }
                          value={shownText(row, edits, language)}
                          onChange={(event) => edit(row, event.currentTarget.value)}
                          error={rowErrors.get(row.uuid)}
                          disabled={readOnly || save.isPending}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                <Spacer
                  height={virtualizer.getTotalSize() - (virtualizer.getVirtualItems().at(-1)?.end ?? 0)}
                />
              </Table.Tbody>
            </Table>
          )}
        </div>
      </Paper>
    </Stack>
  );
}

/** Keeps the scroll height of the rows not drawn. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden>
      <td colSpan={3} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

function KindSummary({ kind, total }: { kind: ShareKind; total: KindTotal }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const isPhone = useIsMobile();
  const checked = kind === 'units' && total.count > 0;
  const label = (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {t(`voteShares.totals.${kind}`, { count: total.count })}
    </Text>
  );
  const figures = (
    <Group gap={6} wrap="nowrap">
      <Text fz={isPhone ? 'sm' : 'lg'} fw={700}>
        {formatPercentage(total.total, language)}
      </Text>
      {checked &&
        (total.whole ? (
          <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
            {t('voteShares.whole')}
          </Badge>
        ) : (
          <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
            {t('voteShares.notWhole')}
          </Badge>
        ))}
    </Group>
  );
  return (
    <Stack gap={2}>
      {/* On a phone each kind takes one line, so the summary stays short while it follows the screen. */}
      {isPhone ? (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {label}
          {figures}
        </Group>
      ) : (
        <>
          {label}
          {figures}
        </>
      )}
      {total.unreadable > 0 && (
        <Text size="xs" c="red">
          {t('voteShares.unreadable', { count: total.unreadable })}
        </Text>
      )}
    </Stack>
  );
}
