import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../app/shell/use-is-mobile';
import { searchable } from './format';
import { PageLoader } from './page-loader';
import type { ListChoice, PagedList } from './paged-list';
import { QueryError } from './query-error';
import { ListPanel, type BrowsedRecord, type ListChrome } from './record-list-panel';
import { AnchorLink } from './router-link';

export type { BrowsedRecord } from './record-list-panel';

/** A sort of a list that holds every record; a paged list needs only its key and label. */
export interface ListSort<T> extends ListChoice {
  compare: (a: T, b: T) => number;
}

export interface ListFilter<T> extends ListChoice {
  test: (item: T) => boolean;
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
