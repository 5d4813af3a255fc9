import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fiscalYearArchivedSchema, fiscalYearEndDateSchema, fiscalYearQueuedSchema } from '@copro/domain';
import { api } from '../../../app/api';
import { useBuildingShell } from '../../../app/shell/building-context';
import { buildingQuery } from '../../../app/shell/building-query';
import { yearUrl } from '../../../app/api-paths';

/**
 * The years live in the building query: it refreshes from the live event, and at once here so
 * this user sees the change without waiting for it.
 */
function useRefreshBuilding(): () => Promise<void> {
  const { building } = useBuildingShell();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: buildingQuery(building.buildingRef).queryKey });
}

/** SPEC 7 POST /buildings/new-fiscal-year: the server queues the job and answers 202. */
export function useNewFiscalYear() {
  const { building } = useBuildingShell();
  return useMutation({
    mutationFn: (newYear: string) =>
      api(`/api/buildings/new-fiscal-year?buildingRef=${encodeURIComponent(building.buildingRef)}`, {
        response: fiscalYearQueuedSchema,
        method: 'POST',
        body: { newYear },
      }),
  });
}

export function useArchiveYear() {
  const { building } = useBuildingShell();
  const refresh = useRefreshBuilding();
  return useMutation({
    mutationFn: ({ startDate, archived }: { startDate: string; archived: boolean }) =>
      api(`${yearUrl(building.buildingRef, startDate)}/archive`, {
        response: fiscalYearArchivedSchema,
        method: 'POST',
        body: { archived },
      }),
    onSuccess: refresh,
  });
}

export function useYearEndDate() {
  const { building } = useBuildingShell();
  const refresh = useRefreshBuilding();
  return useMutation({
    mutationFn: ({ startDate, endDate }: { startDate: string; endDate: string }) =>
      api(yearUrl(building.buildingRef, startDate), {
        response: fiscalYearEndDateSchema,
        method: 'PATCH',
        body: { endDate },
      }),
    onSuccess: refresh,
  });
}
