import { useState } from 'react';
import { Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { requestStatuses, type RequestStatus } from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { useGroupShell } from '../../app/shell/group-context';
import { buildingHref } from '../../app/shell/building-paths';
import { Page } from '../../ui/page';
import { RequestResults } from './request-results';

import { groupPlace, useGroupRequestList, useTags } from './requests-api';
import { groupRequestsRoute, searchHref, type RequestsSearch } from './routes';

/**
 * SPEC 2 requests/all of a building group: the requests of all its buildings together, each with
 * its building; a request opens in its building.
 */
export function GroupRequestsPage() {
  const { t } = useTranslation();
  const { group, href } = useGroupShell();
  const search = groupRequestsRoute.useSearch();
  const navigate = useNavigate();
  const status = (requestStatuses as readonly string[]).includes(search.folder ?? '')
    ? (search.folder as RequestStatus)
    : undefined;
  const page = search.page ?? 1;
  const list = useGroupRequestList(group.id, { status, q: search.q ?? '', page });
  const tags = useTags(groupPlace(group.id));
  const [typed, setTyped] = useState(search.q ?? '');
  const go = (next: RequestsSearch) => void navigate({ href: searchHref(href('requests/all'), next) });
  const searchLater = useDebouncedCallback(
    (q: string) => go({ ...search, q: q || undefined, page: undefined }),
    300,
  );
  return (
    <Page title={t('requests.list.title')}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            data={[
              { value: 'all', label: t('requests.folders.all') },
              ...requestStatuses.map((s) => ({ value: s, label: t(`requests.folders.${s}`) })),
            ]}
            value={status ?? 'all'}
            onChange={(value) =>
              go({ ...search, folder: value as RequestsSearch['folder'], page: undefined })
            }
          />
          <TextInput
            aria-label={t('requests.list.search')}
            placeholder={t('requests.list.search')}
            type="search"
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              searchLater(event.currentTarget.value.trim());
            }}
            style={{ flex: '1 1 200px' }}
          />
        </Group>
        <RequestResults
          list={list}
          tags={tags.data?.items ?? []}
          page={page}
          onPage={(next) => go({ ...search, page: next })}
          linkOf={(request) => ({
            href: buildingHref(request.buildingRef, undefined, `requests/all/${request.uuid}`),
            building: request.buildingName,
          })}
        />
      </Stack>
    </Page>
  );
}
