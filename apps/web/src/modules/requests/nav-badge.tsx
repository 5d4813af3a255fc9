import { Badge } from '@mantine/core';
import { badgeText } from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { useRequestCounts } from './requests-api';

/**
 * The navbar's requests badge (SPEC 2, 7): open or underway requests and unread unassigned emails,
 * "99+" above 99; refreshed by the live events and at least every 300 s.
 */
export function RequestsNavBadge({ buildingRef }: { buildingRef: string }) {
  const { t } = useTranslation();
  const counts = useRequestCounts(buildingRef);
  const total = counts.data ? counts.data.openRequests + counts.data.unreadUnassignedEmails : 0;
  const text = badgeText(total);
  if (!text) return null;
  return (
    <Badge
      size="xs"
      color="red"
      variant="filled"
      px={4}
      aria-label={t('requests.badge.label', { count: total })}
    >
      {text}
    </Badge>
  );
}
