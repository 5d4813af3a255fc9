import { useEffect, useRef, type ReactNode } from 'react';
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
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { ListChoice } from './paged-list';

export interface BrowsedRecord {
  uuid: string;
  archived: boolean;
}

const rowHeight = 60;

/** What both kinds of list show around their rows. */
export interface ListChrome<T extends BrowsedRecord> {
  label: string;
  selectedUuid: string | undefined;
  hrefOf: (uuid?: string) => string;
  titleOf: (item: T) => ReactNode;
  subtitleOf?: (item: T) => ReactNode;
  toolbar?: ReactNode;
  detail: ReactNode;
}

export interface ListControls {
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
export function ListPanel<T extends BrowsedRecord>(
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
  // A new search or order starts from the top: the rows in view are told once the list is there,
  // not the rows it showed before (their pages are not wanted).
  const { startOverKey } = props;
  const shownFor = useRef(startOverKey);
  useEffect(() => {
    if (shownFor.current !== startOverKey) {
      shownFor.current = startOverKey;
      if ((scroller.current?.scrollTop ?? 0) > 0) {
        scroller.current?.scrollTo({ top: 0 });
        return;
      }
    }
    onRowsShown?.(first, last);
  }, [onRowsShown, first, last, startOverKey]);

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
