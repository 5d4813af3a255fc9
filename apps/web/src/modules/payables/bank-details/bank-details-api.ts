import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bankDetailsAnswerSchema,
  noContentSchema,
  revealedBankDetailsSchema,
  type BankDetailsInput,
} from '@copro/domain';
import { api } from '../../../app/api';
import { buildingUrl } from '../../../app/api-paths';
import { useIdempotencyKeys } from '../../../app/idempotency-key';
import { useBuildingShell } from '../../../app/shell/building-context';
import type { BankDetailsOwner } from './bank-details-values';

/** The details of one supplier or unit; they belong to the building, not to a fiscal year. */
function useBankDetailsScope(owner: BankDetailsOwner, uuid: string) {
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  return {
    url: `${buildingUrl(ref)}/${owner}/${encodeURIComponent(uuid)}/bank-details`,
    key: ['building', ref, 'bank-details', owner, uuid] as const,
  };
}

/** What every finance reader sees: the account's last digits only. */
export function useBankDetails(owner: BankDetailsOwner, uuid: string) {
  const { url, key } = useBankDetailsScope(owner, uuid);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(url, { response: bankDetailsAnswerSchema, signal }),
  });
}

export function useSaveBankDetails(owner: BankDetailsOwner, uuid: string) {
  const { url, key } = useBankDetailsScope(owner, uuid);
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: BankDetailsInput) =>
      api(url, { response: bankDetailsAnswerSchema, method: 'PUT', body, idempotencyKey: keys.keyFor(body) }),
    onSuccess: (answer) => {
      keys.saved();
      queryClient.setQueryData(key, answer);
    },
  });
}

/** The full details, for a finance writer, each view logged; kept in this component only, never cached. */
export function useRevealBankDetails(owner: BankDetailsOwner, uuid: string) {
  const { url } = useBankDetailsScope(owner, uuid);
  return useMutation({
    mutationFn: () => api(`${url}/view`, { response: revealedBankDetailsSchema, method: 'POST' }),
    gcTime: 0,
  });
}

export function useDeleteBankDetails(owner: BankDetailsOwner, uuid: string) {
  const { url, key } = useBankDetailsScope(owner, uuid);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(url, { response: noContentSchema, method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
