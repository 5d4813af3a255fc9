import { queryOptions } from '@tanstack/react-query';
import { billingAccountDetailSchema } from '@copro/domain';
import { api } from '../../../app/api';

export const billingAccountQuery = (id: string) =>
  queryOptions({
    queryKey: ['billing-account', id],
    queryFn: ({ signal }) =>
      api(`/api/billing-accounts/${encodeURIComponent(id)}`, {
        response: billingAccountDetailSchema,
        signal,
      }),
  });
