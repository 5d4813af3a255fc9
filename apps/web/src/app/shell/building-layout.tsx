import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../ui/page-loader';
import { ApiError } from '../api';
import { useLiveEvents } from '../live-events';
import { BuildingFrame } from './building-frame';
import { billingStatusQuery, buildingQuery } from './building-query';
import { buildingRoute } from './building-route';
import { LoadFailure } from './load-failure';
import { PaymentRequired } from './payment-required';

/**
 * A failed refresh keeps what was shown, unless the answer is final: access withdrawn (the user
 * was removed from the building while looking at it) replaces the page.
 */
const isFinal = (error: Error | null): boolean => error instanceof ApiError && error.isClientError;

/**
 * /building/{ref}: the billing status first (SPEC 4: an unpaid building loads no data), then
 * the building, then the shell around its pages. Every building page stays live from here.
 */
// The explicit return type breaks the type cycle between this component and the route that loads it.
export function BuildingLayout(): ReactElement {
  const { buildingRef } = buildingRoute.useParams();
  const billing = useQuery(billingStatusQuery(buildingRef));
  const open = billing.data !== undefined && billing.data.status !== 'unpaid';
  useLiveEvents(open ? buildingRef : undefined);
  const access = useQuery({ ...buildingQuery(buildingRef), enabled: open });

  if (!billing.data || isFinal(billing.error)) {
    return billing.error ? (
      <LoadFailure error={billing.error} onRetry={() => void billing.refetch()} />
    ) : (
      <PageLoader />
    );
  }
  if (!open) return <PaymentRequired buildingRef={buildingRef} />;
  if (!access.data || isFinal(access.error)) {
    return access.error ? (
      <LoadFailure error={access.error} onRetry={() => void access.refetch()} />
    ) : (
      <PageLoader />
    );
  }
  return <BuildingFrame access={access.data} billing={billing.data} />;
}
