import { queryOptions } from '@tanstack/react-query';
import type { BillingStatus, BuildingRole, BuildingView, GroupRole, Permission } from '@copro/domain';
import { api } from '../api';
import type { BuildingMembership } from '../memberships';

/** One fiscal year of a building, named by its start date (YYYY-MM-DD). */
export interface FiscalYearInfo {
  startDate: string;
  endDate: string;
  archived: boolean;
}

/** GET /api/buildings/:ref: the building, the user's access there and its fiscal years (latest first). */
export interface BuildingAccessView {
  building: BuildingView;
  role: BuildingRole;
  banned: boolean;
  permissions: Permission[];
  fiscalYearList: FiscalYearInfo[];
}

/** Live events refresh it: the server announces building changes under the 'building' collection. */
export const buildingQuery = (buildingRef: string) =>
  queryOptions({
    queryKey: ['building', buildingRef, 'building'],
    queryFn: ({ signal }) =>
      api<BuildingAccessView>(`/api/buildings/${encodeURIComponent(buildingRef)}`, { signal }),
  });

export interface BillingStatusView {
  status: BillingStatus;
  paidUntil: string | null;
}

/** SPEC 4: read before any building data, since an unpaid building loads nothing. */
export const billingStatusQuery = (buildingRef: string) =>
  queryOptions({
    queryKey: ['building', buildingRef, 'billing-status'],
    queryFn: ({ signal }) =>
      api<BillingStatusView>(`/api/billing-accounts/paid?buildingRef=${encodeURIComponent(buildingRef)}`, {
        signal,
      }),
  });

export interface BuildingGroupView {
  id: string;
  name: string;
  logoUrl: string | null;
  role: GroupRole;
  buildings: BuildingMembership[];
}

export const buildingGroupQuery = (buildingGroupId: string) =>
  queryOptions({
    queryKey: ['building-group', buildingGroupId],
    queryFn: ({ signal }) =>
      api<BuildingGroupView>(`/api/building-groups/${encodeURIComponent(buildingGroupId)}`, { signal }),
  });
