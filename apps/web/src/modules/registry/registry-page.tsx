import { Fragment, useCallback, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RegistryReadRecord } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { PageLoader } from '../../ui/page-loader';
import { usePagedList, type ListChoice } from '../../ui/paged-list';
import { QueryError } from '../../ui/query-error';
import { PagedRecordBrowser, type BrowsedRecord, type RecordBrowserProps } from '../../ui/record-browser';
import { EmptyPanel, RecordFormModal } from '../../ui/record-panel';
import { useRecord, useRecordPages, type RecordNamespace } from './registry-api';
import { useCanWriteRegistry } from './use-can-write-registry';

/** How a registry page lists its records: the rows' lines and the sorts; the server searches and sorts. */
export type RegistryList<T extends BrowsedRecord> = Pick<RecordBrowserProps<T>, 'titleOf' | 'subtitleOf'> & {
  sorts: readonly ListChoice[];
};

/**
 * A people, suppliers, banks or categories page (SPEC 2 `{ns}/info`): the list, a page at a time,
 * the card of the record the address names, and the dialog that creates a record and then opens
 * it. `filter` narrows the list from the page's toolbar (the categories' parent).
 */
export function RegistryPage<N extends RecordNamespace>({
  ns,
  uuid,
  list,
  filter,
  toolbar,
  card,
  createForm,
}: {
  ns: N;
  uuid: string | undefined;
  list: RegistryList<RegistryReadRecord<N>>;
  filter?: string;
  /** Under the create button. */
  toolbar?: ReactNode;
  card: (record: RegistryReadRecord<N>) => ReactNode;
  createForm: (events: { onSaved: (saved: { uuid: string }) => void; onCancel: () => void }) => ReactNode;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const navigate = useNavigate();
  const canWrite = useCanWriteRegistry();
  const [creating, setCreating] = useState(false);
  const hrefOf = useCallback((id?: string) => href(id ? `${ns}/info/${id}` : `${ns}/info`), [href, ns]);
  const pages = usePagedList(useRecordPages(ns), { sorts: list.sorts, filter });
  const selected = useRecord(ns, uuid);

  const record = selected.data;
  const empty = pages.total === 0 && pages.archivedCount === 0 && !pages.narrowed;
  const detail = record ? (
    <Fragment key={record.uuid}>{card(record)}</Fragment>
  ) : uuid && selected.isPending ? (
    <PageLoader />
  ) : uuid && selected.error ? (
    <QueryError error={selected.error} onRetry={() => void selected.refetch()} />
  ) : (
    <EmptyPanel>
      {uuid
        ? t('registry.recordMissing')
        : empty
          ? t(canWrite ? `${ns}.emptyCanCreate` : `${ns}.empty`)
          : t(`${ns}.noneSelected`)}
    </EmptyPanel>
  );

  return (
    <Page title={t(`${ns}.title`)}>
      <PagedRecordBrowser
        label={t(`${ns}.listLabel`)}
        list={pages}
        selectedUuid={uuid}
        hrefOf={hrefOf}
        titleOf={list.titleOf}
        subtitleOf={list.subtitleOf}
        sorts={list.sorts}
        toolbar={
          <>
            {canWrite && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                {t(`${ns}.new`)}
              </Button>
            )}
            {toolbar}
          </>
        }
        detail={detail}
      />
      <RecordFormModal opened={creating} onClose={() => setCreating(false)} title={t(`${ns}.new`)}>
        {createForm({
          onCancel: () => setCreating(false),
          onSaved: (saved) => {
            setCreating(false);
            void navigate({ href: hrefOf(saved.uuid) });
          },
        })}
      </RecordFormModal>
    </Page>
  );
}
