import { queryOptions } from '@tanstack/react-query';
import { buildingUrl } from '../../../app/api-paths';
import { buildingMembersSchema, groupMembersSchema } from '@copro/domain';
import { api } from '../../../app/api';

export const groupPath = (id: string): string => `/api/building-groups/${encodeURIComponent(id)}`;

/** Live events of the 'users' collection invalidate this key. */
export const buildingUsersQuery = (ref: string) =>
  queryOptions({
    queryKey: ['building', ref, 'users'],
    queryFn: ({ signal }) => api(`${buildingUrl(ref)}/users`, { response: buildingMembersSchema, signal }),
  });

export const groupUsersQuery = (id: string) =>
  queryOptions({
    queryKey: ['building-group', id, 'users'],
    queryFn: ({ signal }) => api(`${groupPath(id)}/users`, { response: groupMembersSchema, signal }),
  });
