import { queryOptions } from '@tanstack/react-query';
import { buildingMembersSchema, groupMembersSchema } from '@copro/domain';
import { api } from '../../app/api';

export type { Member, MembersAnswer, PendingInvitation } from '@copro/domain';

export const buildingPath = (ref: string): string => `/api/buildings/${encodeURIComponent(ref)}`;
export const groupPath = (id: string): string => `/api/building-groups/${encodeURIComponent(id)}`;

/** Live events of the 'users' collection invalidate this key. */
export const buildingUsersQuery = (ref: string) =>
  queryOptions({
    queryKey: ['building', ref, 'users'],
    queryFn: ({ signal }) => api(`${buildingPath(ref)}/users`, { response: buildingMembersSchema, signal }),
  });

export const groupUsersQuery = (id: string) =>
  queryOptions({
    queryKey: ['building-group', id, 'users'],
    queryFn: ({ signal }) => api(`${groupPath(id)}/users`, { response: groupMembersSchema, signal }),
  });
