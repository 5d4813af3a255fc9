import { queryOptions } from '@tanstack/react-query';
import type { BillingAccountStatus, BillingStatus } from '@copro/domain';
import { api } from '../../app/api';

export interface BillingAccountDetail {
  id: string;
  name: string;
  email: string | null;
  status: BillingAccountStatus;
  paymentMethod: string;
  paidUntil: string | null;
  billingStatus: BillingStatus;
  buildings: { ref: string; name: string; buildingGroupId: string }[];
  groups: { id: string; name: string }[];
  users: { userId: string; role: string }[];
}

export const billingAccountQuery = (id: string) =>
  queryOptions({
    queryKey: ['billing-account', id],
    queryFn: ({ signal }) =>
      api<BillingAccountDetail>(`/api/billing-accounts/${encodeURIComponent(id)}`, { signal }),
  });
