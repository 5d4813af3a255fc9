import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { languageOf, type RequestStatus, type RequestSummary, type RequestTag } from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';
import { AnchorLink } from '../../ui/router-link';

const statusColors: Record<RequestStatus, string> = { open: 'blue', underway: 'orange', closed: 'gray' };

export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return (
    // Never squeezed to "O…" beside a long title on a phone.
    <Badge color={statusColors[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`requests.status.${status}`)}
    </Badge>
  );
}

/** A tag in its own colour. */
export function TagBadge({ tag }: { tag: Pick<RequestTag, 'name' | 'color'> }) {
  return (
    <Badge color={tag.color} variant="filled" autoContrast>
      {tag.name}
    </Badge>
  );
}

export function TagBadges({ uuids, tags }: { uuids: readonly string[]; tags: readonly RequestTag[] }) {
  const byUuid = new Map(tags.map((tag) => [tag.uuid, tag]));
  const shown = uuids.flatMap((uuid) => {
    const tag = byUuid.get(uuid);
    return tag ? [tag] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Group gap={4}>
      {shown.map((tag) => (
        <TagBadge key={tag.uuid} tag={tag} />
      ))}
    </Group>
  );
}

/** One request of a list: a card that reads on a phone as well as on a desktop. */
export function RequestCard({
  request,
  tags,
  href,
  building,
}: {
  request: RequestSummary;
  tags: readonly RequestTag[];
  href: string;
  building?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const who = [
    request.unitNumber && `${t('requests.fields.unit')} ${request.unitNumber}`,
    request.requesterName,
    request.assigneeName && `→ ${request.assigneeName}`,
  ].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="sm" component="article" data-request={request.number}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <AnchorLink to={href} fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {t('requests.list.number', { number: request.number })} · {request.title}
          </AnchorLink>
          <StatusBadge status={request.status} />
        </Group>
        <TagBadges uuids={request.tags} tags={tags} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {building ? `${building} · ` : ''}
            {who.join(' · ')}
            {request.fromEmail ? ` · ${t('requests.list.byEmail')}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(request.lastActivityAt, language)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
