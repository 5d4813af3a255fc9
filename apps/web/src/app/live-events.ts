import { useEffect, useRef } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { liveChangeSchema, type LiveChange } from '@copro/domain';

/** An `event: change` as the server writes it; a malformed one is ignored (the next one or a refetch brings the data). */
function parseChange(data: string): LiveChange | null {
  try {
    const parsed = liveChangeSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One EventSource while `url` is set (opened again when `reopenKey` changes): each announced
 * change goes to `onChange`; after a reconnection `onMissed` runs, since changes made while the
 * stream was down were lost.
 */
function useEventStream(
  url: string | null,
  reopenKey: string,
  onChange: (change: LiveChange) => void,
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
 * Whether a change of `collection` in the building concerns `query`: keyed ['building',
 * buildingRef, collection, …], or reading that collection besides its own (`meta.liveCollections`).
 */
function follows(query: Query, buildingRef: string | undefined, collection: string): boolean {
  const [scope, ref, own] = query.queryKey;
  if (scope !== 'building' || ref !== buildingRef) return false;
  return own === collection || (query.meta?.liveCollections?.includes(collection) ?? false);
}

/**
 * Keeps a building's open pages fresh (DESIGN 3 "Live data"): each change the server announces
 * invalidates the queries that follow its collection.
 */
export function useLiveEvents(buildingRef: string | undefined): void {
  const queryClient = useQueryClient();
  useEventStream(
    buildingRef ? `/api/events?buildingRef=${encodeURIComponent(buildingRef)}` : null,
    '',
    (change) =>
      void queryClient.invalidateQueries({
        predicate: (query) => follows(query, buildingRef, change.collection),
      }),
    () => void queryClient.invalidateQueries({ queryKey: ['building', buildingRef] }),
  );
}

/**
 * Changes that alter what the dashboard lists: a building's name, its users for those who manage
 * them, and the user's own role or ban, which the server announces as 'memberships'.
 */
const membershipCollections = new Set(['building', 'users', 'memberships']);

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

declare module '@tanstack/react-query' {
  interface Register {
    /** Collections besides its key's whose live changes refresh a building query. */
    queryMeta: { liveCollections?: readonly string[] };
  }
}
