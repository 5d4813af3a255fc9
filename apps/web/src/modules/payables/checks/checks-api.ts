import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { checkNumberingViewSchema, isErrorCode, type FieldIssue } from '@copro/domain';
import { ApiError, api } from '../../../app/api';
import { buildingUrl, yearUrl } from '../../../app/api-paths';
import { currentLanguage } from '../../../app/i18n';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useInvalidatePayables } from '../payments/payments-api';
import { deniedIssues, printFileName } from './check-print';

/** The refusal of a print: our error, with a denial's reason turned into its message key. */
async function refusal(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const code = body && typeof body === 'object' && 'code' in body ? body.code : undefined;
  const issues =
    body && typeof body === 'object' && 'issues' in body && Array.isArray(body.issues)
      ? (body.issues as FieldIssue[])
      : [];
  return new ApiError(isErrorCode(code) ? code : 'unknown', response.status, deniedIssues(issues));
}

/** Hands a file to the browser as a download (a phone keeps it in its downloads). */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the address is freed then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Prints a batch of checks (one supplier) or prints them again: the server answers one PDF, which
 * is downloaded. Not through `api()`: the answer is a file, not JSON.
 */
export function usePrintChecks() {
  const { building, fiscalYear } = useBuildingShell();
  const invalidate = useInvalidatePayables();
  const base = yearUrl(building.buildingRef, fiscalYear.startDate);
  return useMutation({
    mutationFn: async (body: { paymentUuids: string[]; reprint: boolean; today: string }) => {
      let response: Response;
      try {
        response = await fetch(`${base}/supplier-checks/print`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            accept: 'application/pdf, application/json',
            'accept-language': currentLanguage(),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ paymentUuids: body.paymentUuids, reprint: body.reprint }),
        });
      } catch {
        throw new ApiError('network', 0);
      }
      if (!response.ok) throw await refusal(response);
      download(await response.blob(), printFileName(response.headers.get('content-disposition'), body.today));
    },
    onSettled: invalidate,
  });
}

const numberingKey = (ref: string, bankUuid: string) => ['building', ref, 'check-numbering', bankUuid];

/** The next check number of each bank. */
export function useCheckNumberings(bankUuids: readonly string[]) {
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  return useQueries({
    queries: bankUuids.map((bankUuid) => ({
      queryKey: numberingKey(ref, bankUuid),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(`${buildingUrl(ref)}/banks/${encodeURIComponent(bankUuid)}/check-numbering`, {
          response: checkNumberingViewSchema,
          signal,
        }),
    })),
  });
}

export function useSaveCheckNumbering() {
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bankUuid, nextCheckNumber }: { bankUuid: string; nextCheckNumber: number }) =>
      api(`${buildingUrl(ref)}/banks/${encodeURIComponent(bankUuid)}/check-numbering`, {
        response: checkNumberingViewSchema,
        method: 'PUT',
        body: { nextCheckNumber },
      }),
    onSuccess: (saved) => queryClient.setQueryData(numberingKey(ref, saved.bankUuid), saved),
    onSettled: (_saved, _error, { bankUuid }) =>
      queryClient.invalidateQueries({ queryKey: numberingKey(ref, bankUuid) }),
  });
}
