import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  arrearsRowSchema,
  jobStatusSchema,
  noContentSchema,
  penaltyCheckPreviewSchema,
  penaltyRunStartedSchema,
  penaltyThresholdSchema,
  penaltyViewSchema,
  receivablesSummarySchema,
  remindersSentSchema,
  type PenaltyInput,
  type PenaltyView,
} from '@copro/domain';
import { api } from '../../../app/api';
import { useBuildingShell } from '../../../app/shell/building-context';
import { buildingQuery } from '../../../app/shell/building-query';
import { pollWhileRunning } from './penalty-check';
import type { ThresholdInput } from './penalty-values';
import { buildingUrl, yearUrl } from '../../../app/api-paths';

/** Keyed under 'penalties': a live event on penalties refreshes the list. */
export function usePenalties(enabled = true) {
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'penalties'],
    queryFn: ({ signal }) =>
      api(`${buildingUrl(ref)}/penalties`, { response: penaltyViewSchema.array(), signal }),
    enabled,
  });
}

/** Creates the penalty (no uuid yet) or saves it; the list holds it at once. */
export function useSavePenalty() {
  const { building } = useBuildingShell();
  const queryClient = useQueryClient();
  const ref = building.buildingRef;
  const key = ['building', ref, 'penalties'];
  return useMutation({
    mutationFn: ({ uuid, input }: { uuid: string | null; input: PenaltyInput }) =>
      uuid === null
        ? api(`${buildingUrl(ref)}/penalties`, { response: penaltyViewSchema, method: 'POST', body: input })
        : api(`${buildingUrl(ref)}/penalties/${uuid}`, {
            response: penaltyViewSchema,
            method: 'PUT',
            body: input,
          }),
    onSuccess: (saved) => {
      queryClient.setQueryData<PenaltyView[]>(key, (list) =>
        list === undefined ? list : [...list.filter((p) => p.uuid !== saved.uuid), saved],
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useDeletePenalty() {
  const { building } = useBuildingShell();
  const queryClient = useQueryClient();
  const ref = building.buildingRef;
  const key = ['building', ref, 'penalties'];
  return useMutation({
    mutationFn: (uuid: string) =>
      api(`${buildingUrl(ref)}/penalties/${uuid}`, { response: noContentSchema, method: 'DELETE' }),
    onSuccess: (_done, uuid) => {
      queryClient.setQueryData<PenaltyView[]>(key, (list) => list?.filter((p) => p.uuid !== uuid));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** The minimum balance is a building setting: the shell's building takes the new value at once. */
export function useSaveThreshold() {
  const { building } = useBuildingShell();
  const queryClient = useQueryClient();
  const ref = building.buildingRef;
  return useMutation({
    mutationFn: (input: ThresholdInput) =>
      api(`${buildingUrl(ref)}/penalty-threshold`, {
        response: penaltyThresholdSchema,
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => {
      const key = buildingQuery(ref).queryKey;
      queryClient.setQueryData(key, (current) =>
        current ? { ...current, building: { ...current.building, ...saved } } : current,
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** After a check or reminders: what they change (balances, arrears, the dashboard's totals). */
export function useRefreshReceivables() {
  const { building } = useBuildingShell();
  const queryClient = useQueryClient();
  const ref = building.buildingRef;
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] }),
    [queryClient, ref],
  );
}

/**
 * What "run the check now" would charge today; read afresh at each opening of the dialog. Under
 * 'transactions': a posting elsewhere refreshes it.
 */
export function usePenaltyCheckPreview() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'transactions', 'penalty-check-preview', fiscalYear.startDate],
    queryFn: ({ signal }) =>
      api(`${yearUrl(ref, fiscalYear.startDate)}/penalties/run/preview`, {
        response: penaltyCheckPreviewSchema,
        signal,
      }),
    refetchOnMount: 'always',
  });
}

/** Starts the check as a job of the server; answers the job's id. */
export function useStartPenaltyCheck() {
  const { building, fiscalYear } = useBuildingShell();
  return useMutation({
    mutationFn: () =>
      api(`${yearUrl(building.buildingRef, fiscalYear.startDate)}/penalties/run`, {
        response: penaltyRunStartedSchema,
        method: 'POST',
      }),
  });
}

/** A job of the building, asked again every second until it has finished. */
export function useJobStatus(jobId: number | null) {
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'jobs', jobId],
    queryFn: ({ signal }) => api(`${buildingUrl(ref)}/jobs/${jobId}`, { response: jobStatusSchema, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => pollWhileRunning(query.state.data),
  });
}

/** Arrears follow the unit accounts' postings, so they live under 'transactions'. */
export function useArrears() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'transactions', 'arrears', fiscalYear.startDate],
    queryFn: ({ signal }) =>
      api(`${yearUrl(ref, fiscalYear.startDate)}/arrears`, { response: arrearsRowSchema.array(), signal }),
  });
}

export function useSendReminders() {
  const { building, fiscalYear } = useBuildingShell();
  const refresh = useRefreshReceivables();
  return useMutation({
    mutationFn: (body: { unitUuids?: string[] }) =>
      api(`${yearUrl(building.buildingRef, fiscalYear.startDate)}/arrears/reminders`, {
        response: remindersSentSchema,
        method: 'POST',
        body,
      }),
    onSuccess: () => refresh(),
  });
}

/**
 * The dashboard's receivables, one request for all its cards; asked for only by those who may
 * read the finances. The amounts follow the ledger ('transactions'), the waiting checks their own
 * collection: a live event on either refreshes it (`liveCollections`, see app/live-events.ts).
 */
export function useReceivablesSummary(enabled: boolean) {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'transactions', 'receivables-summary', fiscalYear.startDate],
    queryFn: ({ signal }) =>
      api(`${yearUrl(ref, fiscalYear.startDate)}/receivables/summary`, {
        response: receivablesSummarySchema,
        signal,
      }),
    meta: { liveCollections: ['checks'] },
    enabled,
  });
}
