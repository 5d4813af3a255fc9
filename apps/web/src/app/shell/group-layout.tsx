import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../ui/page-loader';
import { buildingGroupQuery } from './building-query';
import { groupRoute } from './building-route';
import { GroupFrame } from './group-frame';
import { LoadFailure } from './load-failure';

/** /building-group/{id}: loads the group, then the shell around its pages. */
// The explicit return type breaks the type cycle between this component and the route that loads it.
export function GroupLayout(): ReactElement {
  const { buildingGroupId } = groupRoute.useParams();
  const group = useQuery(buildingGroupQuery(buildingGroupId));
  if (group.isError) return <LoadFailure error={group.error} onRetry={() => void group.refetch()} />;
  if (group.isPending) return <PageLoader />;
  return <GroupFrame group={group.data} />;
}
