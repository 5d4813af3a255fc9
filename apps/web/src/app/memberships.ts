import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingRole, GroupRole } from '@copro/domain';
import { api } from './api';

export interface BuildingMembership {
  ref: string;
  name: string;
  buildingGroupId: string;
  city: string | null;
  role: BuildingRole;
  banned: boolean;
}

export interface Memberships {
  buildings: BuildingMembership[];
  groups: { id: string; name: string; role: GroupRole }[];
  billingAccounts: { id: string; name: string }[];
}

/** Every building, group and billing account the signed-in user reaches (the dashboard, the switchers). */
export const membershipsQuery = queryOptions({
  queryKey: ['memberships'],
  queryFn: ({ signal }) => api<Memberships>('/api/memberships', { signal }),
});

export const useMemberships = () => useQuery(membershipsQuery);
