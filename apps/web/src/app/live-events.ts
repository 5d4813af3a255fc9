import { useEffect } from 'react';
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
 * Keeps a building's open pages fresh (DESIGN 3 "Live data"): each change the server announces
 * invalidates the queries keyed ['building', buildingRef, collection, …].
 */
export function useLiveEvents(buildingRef: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!buildingRef) return undefined;
    const source = new EventSource(`/api/events?buildingRef=${encodeURIComponent(buildingRef)}`);
    let wasDisconnected = false;
    const onChange = (event: MessageEvent<string>): void => {
      const change = parseChange(event.data);
      if (change)
        void queryClient.invalidateQueries({ queryKey: ['building', buildingRef, change.collection] });
    };
    // Changes made while the stream was down were missed: refresh everything of this building.
    const onOpen = (): void => {
      if (wasDisconnected) void queryClient.invalidateQueries({ queryKey: ['building', buildingRef] });
      wasDisconnected = false;
    };
    const onError = (): void => {
      wasDisconnected = true;
    };
    source.addEventListener('change', onChange);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
    return () => source.close();
  }, [buildingRef, queryClient]);
}
