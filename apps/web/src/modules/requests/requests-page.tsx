import { useMemo, useState } from 'react';
import { Grid, Group, NavLink, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { requestStatuses, type RequestStatus } from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../app/shell/building-context';
import { useIsMobile } from '../../app/shell/use-is-mobile';
import { Page } from '../../ui/page';
import { RequestResults } from './request-results';
import { ButtonLink } from '../../ui/router-link';
import { EmailFolderView, type EmailFolder } from './mail/email-folder';

import { buildingPlace, useRequestFormOptions, useRequestList, useTags } from './requests-api';
import { emailFolders, requestsRoute, searchHref, type RequestFolder, type RequestsSearch } from './routes';

const isEmailFolder = (folder: RequestFolder): folder is EmailFolder =>
  (emailFolders as readonly string[]).includes(folder);

/**
 * SPEC 2 requests/all: a folder menu (the requests by status; to handlers, the email folders too)
 * beside the folder's list. On a phone the menu is a select above the list.
 */
export function RequestsPage() {
  const { t } = useTranslation();
  const { building, can, href } = useBuildingShell();
  const search = requestsRoute.useSearch();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const handles = can('requests.handle');
  const folder: RequestFolder = search.folder ?? 'open';
  const folders: RequestFolder[] = ['all', ...requestStatuses, ...(handles ? emailFolders : [])];
  const go = (next: RequestsSearch) => void navigate({ href: searchHref(href('requests/all'), next) });

  const menu = isMobile ? (
    <Select
      aria-label={t('requests.folders.title')}
      data={folders.map((f) => ({ value: f, label: t(`requests.folders.${f}`) }))}
      value={folder}
      onChange={(value) => value && go({ folder: value as RequestFolder })}
      allowDeselect={false}
    />
  ) : (
    <Paper withBorder radius="md" p={4} component="nav" aria-label={t('requests.folders.title')}>
      {folders.map((f) => (
        <NavLink
          key={f}
          label={t(`requests.folders.${f}`)}
          active={f === folder}
          onClick={() => go({ folder: f })}
          component="button"
          aria-current={f === folder ? 'page' : undefined}
        />
      ))}
    </Paper>
  );

  const canCreate = can('requests.handle') || can('requests.create.self');
  return (
    <Page
      title={t('requests.list.title')}
      actions={
        canCreate ? (
          <ButtonLink to={href('requests/all/new')}>{t('requests.list.new')}</ButtonLink>
        ) : undefined
      }
    >
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, sm: 3 }}>{menu}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          {isEmailFolder(folder) ? (
            <EmailFolderView key={folder} buildingRef={building.buildingRef} folder={folder} />
          ) : (
            <RequestFolderList folder={folder} search={search} onSearch={go} />
          )}
        </Grid.Col>
      </Grid>
    </Page>
  );
}

function RequestFolderList({
  folder,
  search,
  onSearch,
}: {
  folder: RequestStatus | 'all';
  search: RequestsSearch;
  onSearch: (next: RequestsSearch) => void;
}) {
  const { t } = useTranslation();
  const { building, can, href } = useBuildingShell();
  const ref = building.buildingRef;
  const handles = can('requests.handle');
  const page = search.page ?? 1;
  const list = useRequestList(ref, {
    status: folder === 'all' ? undefined : folder,
    tag: search.tag,
    assignee: search.assignee,
    q: search.q ?? '',
    page,
  });
  const tags = useTags(buildingPlace(ref));
  const options = useRequestFormOptions(ref);
  const [typed, setTyped] = useState(search.q ?? '');
  const update = (changes: Partial<RequestsSearch>) =>
    onSearch({ ...search, folder, page: undefined, ...changes });
  const searchLater = useDebouncedCallback((q: string) => update({ q: q || undefined }), 300);
  const tagData = useMemo(
    () => (tags.data?.items ?? []).map((tag) => ({ value: tag.uuid, label: tag.name })),
    [tags.data],
  );
  const assigneeData = useMemo(
    () => [
      { value: 'none', label: t('requests.list.nobody') },
      ...(options.data?.handlers ?? []).map((h) => ({ value: h.id, label: h.name })),
    ],
    [options.data, t],
  );

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label={t('requests.list.search')}
          placeholder={t('requests.list.search')}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchLater(event.currentTarget.value.trim());
          }}
          style={{ flex: '1 1 200px' }}
          type="search"
        />
        <Select
          aria-label={t('requests.fields.tags')}
          placeholder={t('requests.list.allTags')}
          data={tagData}
          value={search.tag ?? null}
          onChange={(value) => update({ tag: value ?? undefined })}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
        {handles && (
          <Select
            aria-label={t('requests.fields.assignee')}
            placeholder={t('requests.list.anyAssignee')}
            data={assigneeData}
            value={search.assignee ?? null}
            onChange={(value) => update({ assignee: value ?? undefined })}
            clearable
            searchable
            w={{ base: '100%', xs: 180 }}
          />
        )}
      </Group>
      <RequestResults
        list={list}
        tags={tags.data?.items ?? []}
        page={page}
        onPage={(next) => onSearch({ ...search, folder, page: next })}
        linkOf={(request) => ({ href: href(`requests/all/${request.uuid}`) })}
      />
    </Stack>
  );
}
