import { useEffect, useMemo, useRef } from 'react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { padAgreementViewSchema, type Language } from '@copro/domain';
import { api } from '../../../app/api';
import { buildingUrl } from '../../../app/api-paths';
import { useBuildingShell } from '../../../app/shell/building-context';
import { uploadFile } from '../../../app/upload';

/**
 * A unit's pre-authorized debit agreement; it belongs to the building, not to a fiscal year. Keyed
 * under its live collection (`padAgreements`: a return that flags it), and following the units: an
 * edit switches automatic payment or changes the payment day.
 */
function useAgreementScope(unitUuid: string) {
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  return useMemo(
    () => ({
      url: `${buildingUrl(ref)}/units/${encodeURIComponent(unitUuid)}/pad-agreement`,
      key: ['building', ref, 'padAgreements', unitUuid] as const,
      /** The unit's bank details as the bank details card reads them (payables' key). */
      bankDetailsKey: ['building', ref, 'bank-details', 'units', unitUuid] as const,
    }),
    [ref, unitUuid],
  );
}

/** The unit's agreement form in a language, and its signed copy: downloads with the session cookie. */
export const agreementFormUrl = (url: string, language: Language): string =>
  `${url}/form.pdf?language=${language}`;
export const signedCopyUrl = (url: string): string => `${url}/signed`;

export function usePadAgreement(unitUuid: string) {
  const { url, key, bankDetailsKey } = useAgreementScope(unitUuid);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(url, { response: padAgreementViewSchema, signal }),
    meta: { liveCollections: ['units'] },
  });
  // The bank details card beside this one saves and deletes the details without a live event: when
  // what it read changes, what automatic payment still needs is read again. Only watched, never fetched here.
  const bankDetails = useQuery({ queryKey: bankDetailsKey, queryFn: skipToken });
  const seen = useRef(bankDetails.dataUpdatedAt);
  useEffect(() => {
    const before = seen.current;
    seen.current = bankDetails.dataUpdatedAt;
    // Their first read, on opening the page, changes nothing this card does not know.
    if (before !== 0 && before !== bankDetails.dataUpdatedAt)
      void queryClient.invalidateQueries({ queryKey: key });
  }, [bankDetails.dataUpdatedAt, queryClient, key]);
  return { ...query, url };
}

export function useUploadSignedAgreement(unitUuid: string) {
  const { url, key } = useAgreementScope(unitUuid);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(signedCopyUrl(url), 'PUT', file, padAgreementViewSchema),
    onSuccess: (view) => queryClient.setQueryData(key, view),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteSignedAgreement(unitUuid: string) {
  const { url, key } = useAgreementScope(unitUuid);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(signedCopyUrl(url), { response: padAgreementViewSchema, method: 'DELETE' }),
    onSuccess: (view) => queryClient.setQueryData(key, view),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
