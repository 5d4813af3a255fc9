import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  statementImportSchema,
  type ConfirmMatchesInput,
  type CsvMapping,
  type LineEntryInput,
  type StatementImport,
} from '@copro/domain';
import { api } from '../../app/api';
import { periodImportsKey, reconciliationKey } from './query-keys';
import { periodUrl, useReconciliationScope } from './reconciliation-api';
import { uploadFile } from '../../app/upload';

const live = { liveCollections: ['transactions', 'banks'] } as const;

/** A period's imported statements, latest first. */
export function usePeriodImports(bankUuid: string, periodUuid: string) {
  const { ref } = useReconciliationScope(bankUuid);
  return useQuery({
    queryKey: periodImportsKey(ref, bankUuid, periodUuid),
    queryFn: ({ signal }) =>
      api(`${periodUrl(ref, bankUuid, periodUuid)}/imports`, {
        response: z.array(statementImportSchema),
        signal,
      }),
    meta: live,
  });
}

/**
 * The writes of an import. Each answers the import as it now stands, which replaces it in the
 * period's list at once; the period's figures change too (a confirmed match or a new bank entry is
 * ticked), so the whole reconciliation is read again.
 */
export function useImportWrites(bankUuid: string, periodUuid: string) {
  const { ref, base } = useReconciliationScope(bankUuid);
  const queryClient = useQueryClient();
  const importsKey = periodImportsKey(ref, bankUuid, periodUuid);
  const store = (answer: StatementImport) =>
    queryClient.setQueryData<StatementImport[]>(importsKey, (old) =>
      old ? [answer, ...old.filter((other) => other.uuid !== answer.uuid)] : [answer],
    );
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: reconciliationKey(ref) });
    // A bank entry is a new transaction of the ledger.
    void queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] });
  };
  const importUrl = (importUuid: string) => `${base}/imports/${encodeURIComponent(importUuid)}`;
  const post = <B>(url: string, body?: B) =>
    api(url, { response: statementImportSchema, method: 'POST', ...(body === undefined ? {} : { body }) });
  const options = { onSuccess: store, onSettled: settled };

  return {
    start: useMutation({
      mutationFn: (file: File) =>
        uploadFile(`${periodUrl(ref, bankUuid, periodUuid)}/imports`, 'POST', file, statementImportSchema),
      ...options,
    }),
    mapping: useMutation({
      mutationFn: ({ importUuid, body }: { importUuid: string; body: CsvMapping }) =>
        api(`${importUrl(importUuid)}/mapping`, { response: statementImportSchema, method: 'PUT', body }),
      ...options,
    }),
    confirm: useMutation({
      mutationFn: ({ importUuid, body }: { importUuid: string; body: ConfirmMatchesInput }) =>
        post(`${importUrl(importUuid)}/confirm`, body),
      ...options,
    }),
    entry: useMutation({
      mutationFn: ({
        importUuid,
        lineId,
        body,
      }: {
        importUuid: string;
        lineId: number;
        body: LineEntryInput;
      }) => post(`${importUrl(importUuid)}/lines/${lineId}/entry`, body),
      ...options,
    }),
    ignore: useMutation({
      mutationFn: ({ importUuid, lineId }: { importUuid: string; lineId: number }) =>
        post(`${importUrl(importUuid)}/lines/${lineId}/ignore`),
      ...options,
    }),
  };
}
