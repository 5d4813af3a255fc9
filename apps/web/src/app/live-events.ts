import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';

interface ChangeEvent {
  collection: string;
  ids: string[];
}

function parseChange(data: string): ChangeEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && 'collection' in value && typeof value.collection === 'string') {
      const ids =
        'ids' in value && Array.isArray(value.ids)
          ? value.ids.filter((id): id is string => typeof id === 'string')
          : [];
      return { collection: value.collection, ids };
    }
  } catch {
    // A malformed event is ignored: the next one or a refetch brings the data.
  }
  return null;
}

/**
 * One EventSource while `url` is set (opened again when `reopenKey` changes): each announced
 * change goes to `onChange`; after a reconnection `onMissed` runs, since changes made while the
 * stream was down were lost.
 */
function useEventStream(
  url: string | null,
  reopenKey: string,
  onChange: (change: ChangeEvent) => void,
  onMissed: () => void,
): void {
  const handlers = useRef({ onChange, onMissed });
  handlers.current = { onChange, onMissed };
  useEffect(() => {
    if (!url) return undefined;
    const source = new EventSource(url);
    let wasDisconnected = false;
    const onEvent = (event: MessageEvent<string>): void => {
      const change = parseChange(event.data);
      if (change) handlers.current.onChange(change);
    };
    const onOpen = (): void => {
      if (wasDisconnected) handlers.current.onMissed();
      wasDisconnected = false;
    };
    const onError = (): void => {
      wasDisconnected = true;
    };
    source.addEventListener('change', onEvent);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
    return () => source.close();
  }, [url, reopenKey]);
}

/**
 * Keeps a building's open pages fresh (DESIGN 3 "Live data"): each change the server announces
 * invalidates the queries keyed ['building', buildingRef, collection, …].
 */
export function useLiveEvents(buildingRef: string | undefined): void {
  const queryClient = useQueryClient();
  useEventStream(
    buildingRef ? `/api/events?buildingRef=${encodeURIComponent(buildingRef)}` : null,
    '',
    (change) =>
      void queryClient.invalidateQueries({ queryKey: ['building', buildingRef, change.collection] }),
    () => void queryClient.invalidateQueries({ queryKey: ['building', buildingRef] }),
  );
}

/** Collections whose changes alter what the dashboard lists (names, roles, access). */
const membershipCollections = new Set(['building', 'users']);

/**
 * The dashboard's view of every building the user reaches, over one stream: a renamed building
 * or a changed role refreshes the list. `buildingsKey` reopens the stream when the list changes.
 */
export function useMembershipEvents(buildingsKey: string | undefined): void {
  const queryClient = useQueryClient();
  useEventStream(
    buildingsKey === undefined ? null : '/api/events/memberships',
    buildingsKey ?? '',
    (change) => {
      if (membershipCollections.has(change.collection))
        void queryClient.invalidateQueries({ queryKey: ['memberships'] });
    },
    () => void queryClient.invalidateQueries({ queryKey: ['memberships'] }),
  );
}
