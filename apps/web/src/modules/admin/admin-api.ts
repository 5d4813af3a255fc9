import { queryOptions } from '@tanstack/react-query';
import type { BuildingRole, GroupRole } from '@copro/domain';
import { api } from '../../app/api';

export interface Member<R extends string> {
  userId: string;
  email: string;
  role: R;
  name: string;
  /** Building users only: groups have no ban. */
  banned?: boolean;
}

export interface PendingInvitation<R extends string> {
  email: string;
  role: R;
  expiresAt: string;
  expired: boolean;
}

export interface MembersAnswer<R extends string> {
  users: Member<R>[];
  invitations: PendingInvitation<R>[];
}

export const buildingPath = (ref: string): string => `/api/buildings/${encodeURIComponent(ref)}`;
export const groupPath = (id: string): string => `/api/building-groups/${encodeURIComponent(id)}`;

/** Live events of the 'users' collection invalidate this key. */
export const buildingUsersQuery = (ref: string) =>
  queryOptions({
    queryKey: ['building', ref, 'users'],
    queryFn: ({ signal }) => api<MembersAnswer<BuildingRole>>(`${buildingPath(ref)}/users`, { signal }),
  });

export const groupUsersQuery = (id: string) =>
  queryOptions({
    queryKey: ['building-group', id, 'users'],
    queryFn: ({ signal }) => api<MembersAnswer<GroupRole>>(`${groupPath(id)}/users`, { signal }),
  });
