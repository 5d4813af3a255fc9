import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unitViewSchema, voteSharesSavedSchema, type PdfUpload, type VoteSharesEdit } from '@copro/domain';
import { api } from '../../../app/api';
import { useBuildingShell } from '../../../app/shell/building-context';
import { collectionUrl } from '../registry-api';

/** Calls of the units area beyond the registry's create, edit and archive. */

export const insuranceProofUrl = (buildingRef: string, fiscalYear: string, unitUuid: string): string =>
  `${collectionUrl(buildingRef, fiscalYear, 'units')}/${unitUuid}/insurance-proof`;

/** Upload, replace or remove a unit's proof of insurance; the answer is the unit. */
export function useInsuranceProof(unitUuid: string) {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const url = insuranceProofUrl(building.buildingRef, fiscalYear.startDate, unitUuid);
  return useMutation({
    mutationFn: (upload: PdfUpload | null) =>
      upload
        ? api(url, { method: 'PUT', body: upload, response: unitViewSchema })
        : api(url, { method: 'DELETE', response: unitViewSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['building', building.buildingRef, 'units'] }),
  });
}

/** The vote-share screen's save: every share of the year at once. */
export function useSaveVoteShares() {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoteSharesEdit) =>
      api(
        `/api/buildings/${encodeURIComponent(building.buildingRef)}/fiscal-years/${fiscalYear.startDate}/vote-shares`,
        { method: 'PUT', body, response: voteSharesSavedSchema },
      ),
    onSuccess: () =>
      Promise.all(
        (['units', 'parkings', 'lockers'] as const).map((collection) =>
          queryClient.invalidateQueries({ queryKey: ['building', building.buildingRef, collection] }),
        ),
      ),
  });
}
