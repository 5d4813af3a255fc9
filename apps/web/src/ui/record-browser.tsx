import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../app/shell/use-is-mobile';
import { searchable } from './format';
import { PageLoader } from './page-loader';
import { QueryError } from './query-error';
import type { ListChoice, PagedList } from './paged-list';
import { AnchorLink } from './router-link';

/** A sort of a list that holds every record; a paged list needs only its key and label. */
export interface ListSort<T> extends ListChoice {
  compare: (a: T, b: T) => number;
}

export interface ListFilter<T> extends ListChoice {
  test: (item: T) => boolean;
}

export interface BrowsedRecord {
  uuid: string;
  archived: boolean;
}

export interface RecordBrowserProps<T extends BrowsedRecord> {
  /** Accessible name of the list, e.g. "Units". */
  label: string;
  items: readonly T[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  selectedUuid: string | undefined;
  /** The address of a record's page, or of the list with nothing selected. */
  hrefOf: (uuid?: string) => string;
  searchTextOf: (item: T) => string;
  /** The row's main line. */
  titleOf: (item: T) => ReactNode;
  /** A smaller second line. */
  subtitleOf?: (item: T) => ReactNode;
  sorts: readonly ListSort<T>[];
  filters?: readonly ListFilter<T>[];
  /** Above the list: the create button, typically. */
  toolbar?: ReactNode;
  /** The selected record, or what to show when none is. */
  detail: ReactNode;
}

const rowHeight = 60;

/** What both kinds of list show around their rows. */
interface ListChrome<T extends BrowsedRecord> {
  label: string;
  selectedUuid: string | undefined;
  hrefOf: (uuid?: string) => string;
  titleOf: (item: T) => ReactNode;
  subtitleOf?: (item: T) => ReactNode;
  toolbar?: ReactNode;
  detail: ReactNode;
}

/** The list beside the selected record; on a phone, one or the other, with a way back to the list. */
function BrowserLayout({
  selectedUuid,
  hrefOf,
  list,
  detail,
}: {
  selectedUuid: string | undefined;
  hrefOf: (uuid?: string) => string;
  list: ReactNode;
  detail: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useIsMobile();
  if (isPhone && selectedUuid) {
    return (
      <Stack gap="sm">
        <AnchorLink to={hrefOf()} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('recordBrowser.backToList')}
          </Group>
        </AnchorLink>
        {detail}
      </Stack>
    );
  }
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Box w={isPhone ? '100%' : 340} style={{ flexShrink: 0 }}>
        {list}
      </Box>
      {!isPhone && <Box style={{ flex: 1, minWidth: 0 }}>{detail}</Box>}
    </Group>
  );
}

/**
 * SPEC 2 registry pages: the list on the left (search, sort, filter, show archived), the selected
 * record on the right. Here the list holds every record and searches them itself (the ledger's
 * account pages); `PagedRecordBrowser` asks the server for pages.
 */
export function RecordBrowser<T extends BrowsedRecord>(props: RecordBrowserProps<T>) {
  const { items } = props;
  if (items === undefined) {
    return props.error ? <QueryError error={props.error} onRetry={props.onRetry} /> : <PageLoader />;
  }
  return (
    <BrowserLayout
      selectedUuid={props.selectedUuid}
      hrefOf={props.hrefOf}
      list={<RecordList {...props} items={items} />}
      detail={props.detail}
    />
  );
}

function RecordList<T extends BrowsedRecord>(props: RecordBrowserProps<T> & { items: readonly T[] }) {
  const { items, sorts, filters = [] } = props;
  const [query, setQuery] = useState('');
  const [sortKey, setSortKey] = useState(sorts[0]?.key ?? '');
  const [filterKey, setFilterKey] = useState('all');
  const [showArchived, setShowArchived] = useState(false);
  const needle = searchable(useDeferredValue(query).trim());
  const { searchTextOf } = props;
  const indexed = useMemo(
    () => items.map((item) => ({ item, text: searchable(searchTextOf(item)) })),
    [items, searchTextOf],
  );
  const shown = useMemo(() => {
    const sort = sorts.find((s) => s.key === sortKey) ?? sorts[0];
    const filter = filters.find((f) => f.key === filterKey);
    const kept = indexed
      .filter(({ item, text }) => (showArchived || !item.archived) && (!needle || text.includes(needle)))
      .map(({ item }) => item)
      .filter((item) => !filter || filter.test(item));
    return sort ? kept.sort(sort.compare) : kept;
  }, [indexed, sorts, sortKey, filters, filterKey, showArchived, needle]);
  const archivedCount = useMemo(() => items.filter((item) => item.archived).length, [items]);

  return (
    <ListPanel
      {...props}
      controls={{
        query,
        setQuery,
        sortKey,
        setSortKey,
        filterKey,
        setFilterKey,
        showArchived,
        setShowArchived,
        archivedCount,
      }}
      filters={filters}
      count={shown.length}
      itemAt={(index) => shown[index]}
      indexOf={(uuid) => shown.findIndex((item) => item.uuid === uuid)}
    />
  );
}

export interface PagedRecordBrowserProps<T extends BrowsedRecord> extends ListChrome<T> {
  list: PagedList<T>;
  sorts: readonly ListChoice[];
  filters?: readonly ListChoice[];
}

/**
 * A registry page whose list the server pages (issue 14): the search, sort and filter are sent
 * to the server, and the rows in view ask for their page as the list scrolls. A thousand units
 * cost the rows on the screen.
 */
export function PagedRecordBrowser<T extends BrowsedRecord>(props: PagedRecordBrowserProps<T>) {
  const { list } = props;
  if (list.total === undefined) {
    return list.error ? <QueryError error={list.error} onRetry={list.retry} /> : <PageLoader />;
  }
  return (
    <BrowserLayout
      selectedUuid={props.selectedUuid}
      hrefOf={props.hrefOf}
      list={
        <ListPanel
          {...props}
          controls={list}
          count={list.total}
          itemAt={list.itemAt}
          // Rows of pages not read yet have no uuid to look for.
          indexOf={(uuid) => {
            for (let index = 0; index < (list.total ?? 0); index += 1) {
              const item = list.itemAt(index);
              if (item?.uuid === uuid) return index;
            }
            return -1;
          }}
          onRowsShown={list.showRows}
          startOverKey={list.requestKey}
        />
      }
      detail={props.detail}
    />
  );
}

interface ListControls {
  query: string;
  setQuery: (query: string) => void;
  sortKey: string;
  setSortKey: (key: string) => void;
  filterKey: string;
  setFilterKey: (key: string) => void;
  showArchived: boolean;
  setShowArchived: (shown: boolean) => void;
  archivedCount: number;
}

/** The list's frame: its controls, its count and its rows, only those in view drawn. */
function ListPanel<T extends BrowsedRecord>(
  props: ListChrome<T> & {
    sorts: readonly ListChoice[];
    filters?: readonly ListChoice[];
    controls: ListControls;
    count: number;
    itemAt: (index: number) => T | undefined;
    indexOf: (uuid: string) => number;
    /** The rows in view changed: their pages are wanted. */
    onRowsShown?: (first: number, last: number) => void;
    /** When it changes, the list starts over from its top. */
    startOverKey?: string;
  },
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sorts, filters = [], controls, count, itemAt, selectedUuid, hrefOf, onRowsShown } = props;

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows[rows.length - 1]?.index ?? 0;
  useEffect(() => onRowsShown?.(first, last), [onRowsShown, first, last]);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [props.startOverKey]);

  // Arrow keys move through the list, as in a mail client.
  const move = (step: number) => {
    const index = selectedUuid ? props.indexOf(selectedUuid) : -1;
    const target = Math.min(Math.max(index + step, 0), count - 1);
    const next = itemAt(target);
    if (!next) return;
    virtualizer.scrollToIndex(target);
    void navigate({ href: hrefOf(next.uuid) });
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        {props.toolbar}
        <TextInput
          aria-label={t('recordBrowser.search')}
          placeholder={t('recordBrowser.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={controls.query}
          onChange={(event) => controls.setQuery(event.currentTarget.value)}
        />
        <Group gap="xs" wrap="nowrap">
          {sorts.length > 1 && (
            <NativeSelect
              aria-label={t('recordBrowser.sortBy')}
              size="xs"
              style={{ flex: 1 }}
              value={controls.sortKey}
              onChange={(event) => controls.setSortKey(event.currentTarget.value)}
              data={sorts.map((s) => ({ value: s.key, label: t(s.labelKey) }))}
            />
          )}
          {(controls.archivedCount > 0 || controls.showArchived) && (
            <Switch
              size="xs"
              label={t('recordBrowser.showArchived', { count: controls.archivedCount })}
              checked={controls.showArchived}
              onChange={(event) => controls.setShowArchived(event.currentTarget.checked)}
            />
          )}
        </Group>
        {filters.length > 0 && (
          <SegmentedControl
            size="xs"
            fullWidth
            value={controls.filterKey}
            onChange={controls.setFilterKey}
            data={[
              { value: 'all', label: t('recordBrowser.all') },
              ...filters.map((f) => ({ value: f.key, label: t(f.labelKey) })),
            ]}
          />
        )}
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('recordBrowser.count', { count })}
        </Text>
        <div
          ref={scroller}
          role="listbox"
          aria-label={props.label}
          tabIndex={0}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              move(event.key === 'ArrowDown' ? 1 : -1);
            }
          }}
          style={{ height: 'min(60vh, calc(100vh - 330px))', minHeight: 240, overflowY: 'auto' }}
        >
          {count === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {t('recordBrowser.nothing')}
            </Text>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {rows.map((row) => {
                const item = itemAt(row.index);
                const place = {
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  height: rowHeight,
                  transform: `translateY(${row.start}px)`,
                } as const;
                // A row whose page is on its way.
                if (!item) return <Skeleton key={`row-${row.index}`} style={place} height={rowHeight - 12} />;
                const selected = item.uuid === selectedUuid;
                return (
                  <UnstyledButton
                    key={item.uuid}
                    role="option"
                    aria-selected={selected}
                    onClick={() => void navigate({ href: hrefOf(item.uuid) })}
                    px="sm"
                    style={{
                      ...place,
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: selected ? 'var(--mantine-primary-color-light)' : undefined,
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Box style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} truncate>
                          {props.titleOf(item)}
                        </Text>
                        {props.subtitleOf && (
                          <Text size="xs" c="dimmed" truncate>
                            {props.subtitleOf(item)}
                          </Text>
                        )}
                      </Box>
                      {item.archived && (
                        <Badge size="xs" color="gray" variant="light">
                          {t('recordBrowser.archived')}
                        </Badge>
                      )}
                    </Group>
                  </UnstyledButton>
                );
              })}
            </div>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
