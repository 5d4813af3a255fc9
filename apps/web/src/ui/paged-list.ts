import { useCallback, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';

/** One page of a list the server searches, filters and sorts (issue 14). */
export interface PageAnswer<T> {
  items: T[];
  /** The records that match, over every page. */
  total: number;
  /** The archived records of the list, whatever the search: what "show archived" would add. */
  archivedCount: number;
}

/** What a page is asked with. */
export interface PageRequest {
  page: number;
  pageSize: number;
  q: string;
  sort: string;
  filter?: string;
  liveOnly: boolean;
}

/** Where the pages of a list come from. */
export interface PagedSource<T> {
  /** The start of every page's query key: the live events of the list's collection refresh it. */
  queryKey: readonly unknown[];
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<PageAnswer<T>>;
}

/** A sort or filter as the list offers it; the server knows what it means by its key. */
export interface ListChoice {
  key: string;
  labelKey: string;
}

/** The rows a screen shows, with what is read around them. */
export const listPageSize = 50;
/** Typing settles before the server is asked. */
const searchDelayMs = 250;

const sameRange = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((page, i) => page === b[i]);

/** The pages (from 1) that hold rows `first` to `last` (indexes from 0). */
export function pagesOfRows(first: number, last: number, pageSize: number): number[] {
  const from = Math.floor(Math.max(first, 0) / pageSize) + 1;
  const to = Math.floor(Math.max(last, first, 0) / pageSize) + 1;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The state of a paged list (search, sort, filter, archived shown) and its pages: only the pages
 * of the rows in view are asked for, as the list scrolls. `filter` is a filter the page sets from
 * outside the list's own controls (the categories' parent).
 */
export function usePagedList<T>(
  source: PagedSource<T>,
  options: { sorts: readonly ListChoice[]; filter?: string; pageSize?: number },
) {
  const pageSize = options.pageSize ?? listPageSize;
  const [query, setQuery] = useState('');
  const [sortKey, setSortKey] = useState(options.sorts[0]?.key ?? '');
  const [filterKey, setFilterKey] = useState('all');
  const [showArchived, setShowArchived] = useState(false);
  const [search] = useDebouncedValue(query.trim(), searchDelayMs);
  const filter = options.filter ?? (filterKey === 'all' ? undefined : filterKey);
  const request = useMemo(
    () => ({ q: search, sort: sortKey, filter, liveOnly: !showArchived }),
    [search, sortKey, filter, showArchived],
  );
  // A new search starts at the top again: the pages wanted are those of the rows in view.
  const [wanted, setWanted] = useState<{ request: typeof request; pages: number[] }>({ request, pages: [1] });
  const pages = wanted.request === request ? wanted.pages : [1];

  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...source.queryKey, request, pageSize, page],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        source.fetchPage({ ...request, page, pageSize }, signal),
    })),
  });

  const loaded = new Map<number, PageAnswer<T>>();
  results.forEach((result, i) => {
    const page = pages[i];
    if (result.data && page !== undefined) loaded.set(page, result.data);
  });
  // The counts stay while other pages come, and while a new search runs: the list keeps its size
  // rather than falling back to a loader (which would lose its scroll).
  const answered = results.find((result) => result.data)?.data;
  const [counts, setCounts] = useState<{ total: number; archivedCount: number }>();
  if (answered && (answered.total !== counts?.total || answered.archivedCount !== counts.archivedCount)) {
    setCounts({ total: answered.total, archivedCount: answered.archivedCount });
  }
  const failed = results.find((result) => result.error);

  /** Ask for the pages of rows `first` to `last` (indexes in the list). */
  const showRows = useCallback(
    (first: number, last: number) => {
      const next = pagesOfRows(first, last, pageSize);
      setWanted((current) =>
        current.request === request && sameRange(current.pages, next) ? current : { request, pages: next },
      );
    },
    [pageSize, request],
  );

  const itemAt = (index: number): T | undefined => {
    const page = Math.floor(index / pageSize) + 1;
    return loaded.get(page)?.items[index - (page - 1) * pageSize];
  };

  return {
    query,
    setQuery,
    sortKey,
    setSortKey,
    filterKey,
    setFilterKey,
    showArchived,
    setShowArchived,
    /** Undefined until the first page is in. */
    total: counts?.total,
    archivedCount: counts?.archivedCount ?? 0,
    /** A search or a filter narrows the list: an empty answer does not mean an empty registry. */
    narrowed: search !== '' || filter !== undefined,
    /** Changes when the list starts over (new search, sort or filter): the list scrolls back up. */
    requestKey: JSON.stringify(request),
    error: failed?.error ?? null,
    retry: () => void failed?.refetch(),
    itemAt,
    showRows,
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
