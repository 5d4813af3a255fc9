import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
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
import { AnchorLink } from './router-link';

export interface ListSort<T> {
  key: string;
  labelKey: string;
  compare: (a: T, b: T) => number;
}

export interface ListFilter<T> {
  key: string;
  labelKey: string;
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

/**
 * SPEC 2 registry pages: the list on the left (search, sort, filter, show archived), the selected
 * record on the right. A thousand rows stay fast: only the rows in view are drawn. On a phone the
 * list and the record take turns, with a way back to the list.
 */
export function RecordBrowser<T extends BrowsedRecord>(props: RecordBrowserProps<T>) {
  const { t } = useTranslation();
  const isPhone = useIsMobile();
  const { items, selectedUuid, hrefOf } = props;
  if (items === undefined) {
    return props.error ? <QueryError error={props.error} onRetry={props.onRetry} /> : <PageLoader />;
  }
  if (isPhone && selectedUuid) {
    return (
      <Stack gap="sm">
        <AnchorLink to={hrefOf()} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('recordBrowser.backToList')}
          </Group>
        </AnchorLink>
        {props.detail}
      </Stack>
    );
  }
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Box w={isPhone ? '100%' : 340} style={{ flexShrink: 0 }}>
        <RecordList {...props} items={items} />
      </Box>
      {!isPhone && <Box style={{ flex: 1, minWidth: 0 }}>{props.detail}</Box>}
    </Group>
  );
}

function RecordList<T extends BrowsedRecord>(props: RecordBrowserProps<T> & { items: readonly T[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items, sorts, filters = [], selectedUuid, hrefOf } = props;
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

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });

  // Arrow keys move through the list, as in a mail client.
  const move = (step: number) => {
    const index = shown.findIndex((item) => item.uuid === selectedUuid);
    const next = shown[Math.min(Math.max(index + step, 0), shown.length - 1)];
    if (!next) return;
    virtualizer.scrollToIndex(shown.indexOf(next));
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
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <Group gap="xs" wrap="nowrap">
          {sorts.length > 1 && (
            <NativeSelect
              aria-label={t('recordBrowser.sortBy')}
              size="xs"
              style={{ flex: 1 }}
              value={sortKey}
              onChange={(event) => setSortKey(event.currentTarget.value)}
              data={sorts.map((s) => ({ value: s.key, label: t(s.labelKey) }))}
            />
          )}
          {archivedCount > 0 && (
            <Switch
              size="xs"
              label={t('recordBrowser.showArchived', { count: archivedCount })}
              checked={showArchived}
              onChange={(event) => setShowArchived(event.currentTarget.checked)}
            />
          )}
        </Group>
        {filters.length > 0 && (
          <SegmentedControl
            size="xs"
            fullWidth
            value={filterKey}
            onChange={setFilterKey}
            data={[
              { value: 'all', label: t('recordBrowser.all') },
              ...filters.map((f) => ({ value: f.key, label: t(f.labelKey) })),
            ]}
          />
        )}
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('recordBrowser.count', { count: shown.length })}
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
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {t('recordBrowser.nothing')}
            </Text>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((row) => {
                const item = shown[row.index];
                if (!item) return null;
                const selected = item.uuid === selectedUuid;
                return (
                  <UnstyledButton
                    key={item.uuid}
                    role="option"
                    aria-selected={selected}
                    onClick={() => void navigate({ href: hrefOf(item.uuid) })}
                    px="sm"
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      width: '100%',
                      height: rowHeight,
                      transform: `translateY(${row.start}px)`,
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
