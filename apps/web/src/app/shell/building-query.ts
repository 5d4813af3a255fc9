import { queryOptions } from '@tanstack/react-query';
import { buildingUrl } from '../api-paths';
import { billingStatusViewSchema, buildingAccessViewSchema, buildingGroupViewSchema } from '@copro/domain';
import { api } from '../api';

/** Live events refresh it: the server announces building changes under the 'building' collection. */
export const buildingQuery = (buildingRef: string) =>
  queryOptions({
    queryKey: ['building', buildingRef, 'building'],
    queryFn: ({ signal }) =>
      api(buildingUrl(buildingRef), {
        response: buildingAccessViewSchema,
        signal,
      }),
  });

/** SPEC 4: read before any building data, since an unpaid building loads nothing. */
export const billingStatusQuery = (buildingRef: string) =>
  queryOptions({
    queryKey: ['building', buildingRef, 'billing-status'],
    queryFn: ({ signal }) =>
      api(`/api/billing-accounts/paid?buildingRef=${encodeURIComponent(buildingRef)}`, {
        response: billingStatusViewSchema,
        signal,
      }),
  });

export const buildingGroupQuery = (buildingGroupId: string) =>
  queryOptions({
    queryKey: ['building-group', buildingGroupId],
    queryFn: ({ signal }) =>
      api(`/api/building-groups/${encodeURIComponent(buildingGroupId)}`, {
        response: buildingGroupViewSchema,
        signal,
      }),
  });
