import { queryOptions, useQuery } from '@tanstack/react-query';
import { membershipsSchema } from '@copro/domain';
import { api } from './api';

/** Every building, group and billing account the signed-in user reaches (the dashboard, the switchers). */
export const membershipsQuery = queryOptions({
  queryKey: ['memberships'],
  queryFn: ({ signal }) => api('/api/memberships', { response: membershipsSchema, signal }),
});

export const useMemberships = () => useQuery(membershipsQuery);
