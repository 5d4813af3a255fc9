import { Fragment, useCallback, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RegistryReadRecord } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { usePagedList, type ListChoice } from '../../../ui/paged-list';
import { QueryError } from '../../../ui/query-error';
import { PagedRecordBrowser } from '../../../ui/record-browser';
import { EmptyPanel } from '../../../ui/record-panel';
import { ButtonLink } from '../../../ui/router-link';
import { useRecord, useRecordPages } from '../registry-api';
import { ArchiveButton } from './archive-button';
import { DetailHeader } from './record-parts';
import { newRecord } from './routes';

export type AdminArea = 'units' | 'parkings' | 'lockers';

/** How an admin page lists its records: the rows' lines, the sorts and filters the server applies. */
export interface AdminList<A extends AdminArea> {
  label: string;
  /** The record's name, in its row and above its form. */
  titleOf: (record: RegistryReadRecord<A>) => string;
  subtitleOf?: (record: RegistryReadRecord<A>) => ReactNode;
  sorts: readonly ListChoice[];
  filters?: readonly ListChoice[];
}

/**
 * admin/units, admin/parkings and admin/lockers: the list, a page at a time, and beside it the
 * form of the record the address names, under its name; 'new' in place of a uuid opens a blank
 * form.
 */
export function AdminRecordsPage<A extends AdminArea>({
  area,
  uuid,
  title,
  texts,
  list,
  form,
}: {
  area: A;
  uuid: string | undefined;
  title: string;
  texts: { newButton: string; newTitle: string; pick: string; notFound: string };
  list: AdminList<A>;
  form: (record: RegistryReadRecord<A> | undefined) => ReactNode;
}) {
  const { href, readOnly } = useBuildingShell();
  const hrefOf = useCallback(
    (id?: string) => href(id ? `admin/${area}/${id}` : `admin/${area}`),
    [href, area],
  );
  const creating = uuid === newRecord && !readOnly;
  const pages = usePagedList(useRecordPages(area), { sorts: list.sorts });
  const found = useRecord(area, uuid === newRecord ? undefined : uuid);
  const selected = found.data ?? undefined;

  const detail =
    creating || selected ? (
      <Stack gap="md">
        <DetailHeader
          title={selected ? list.titleOf(selected) : texts.newTitle}
          archived={selected?.archived ?? false}
          actions={selected && !readOnly && <ArchiveButton area={area} record={selected} />}
        />
        {/* A fresh form for each record: nothing typed for one shows on another. */}
        <Fragment key={selected?.uuid ?? newRecord}>{form(selected)}</Fragment>
      </Stack>
    ) : uuid && found.isPending ? (
      <PageLoader />
    ) : uuid && found.error ? (
      <QueryError error={found.error} onRetry={() => void found.refetch()} />
    ) : (
      <EmptyPanel>{uuid ? texts.notFound : texts.pick}</EmptyPanel>
    );

  return (
    <Page title={title}>
      <PagedRecordBrowser
        {...list}
        list={pages}
        selectedUuid={uuid}
        hrefOf={hrefOf}
        toolbar={
          !readOnly && (
            <ButtonLink to={hrefOf(newRecord)} size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
              {texts.newButton}
            </ButtonLink>
          )
        }
        detail={detail}
      />
    </Page>
  );
}
