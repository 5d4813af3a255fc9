import { Fragment, useCallback, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { RecordBrowser, type BrowsedRecord, type RecordBrowserProps } from '../../ui/record-browser';
import { EmptyPanel, RecordFormModal } from '../../ui/record-panel';
import type { RecordNamespace } from './registry-api';
import { useCanWriteRegistry } from './use-can-write-registry';

/** How a registry page lists its records: the rows' lines, the search and the sorts. */
export type RegistryList<T extends BrowsedRecord> = Pick<
  RecordBrowserProps<T>,
  'searchTextOf' | 'titleOf' | 'subtitleOf' | 'sorts'
>;

/**
 * A people, suppliers, banks or categories page (SPEC 2 `{ns}/info`): the list, the card of the
 * record the address names, and the dialog that creates a record and then opens it.
 */
export function RegistryPage<T extends BrowsedRecord>({
  ns,
  uuid,
  records,
  shown = records.data,
  list,
  toolbar,
  card,
  createForm,
}: {
  ns: RecordNamespace;
  uuid: string | undefined;
  records: UseQueryResult<T[]>;
  /** The records listed, when the page filters them further. */
  shown?: readonly T[];
  list: RegistryList<T>;
  /** Under the create button. */
  toolbar?: ReactNode;
  card: (record: T) => ReactNode;
  createForm: (events: { onSaved: (saved: T) => void; onCancel: () => void }) => ReactNode;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const navigate = useNavigate();
  const canWrite = useCanWriteRegistry();
  const [creating, setCreating] = useState(false);
  const hrefOf = useCallback((id?: string) => href(id ? `${ns}/info/${id}` : `${ns}/info`), [href, ns]);

  const selected = records.data?.find((record) => record.uuid === uuid);
  const detail = selected ? (
    <Fragment key={selected.uuid}>{card(selected)}</Fragment>
  ) : (
    <EmptyPanel>
      {uuid
        ? t('registry.recordMissing')
        : records.data?.length === 0
          ? t(canWrite ? `${ns}.emptyCanCreate` : `${ns}.empty`)
          : t(`${ns}.noneSelected`)}
    </EmptyPanel>
  );

  return (
    <Page title={t(`${ns}.title`)}>
      <RecordBrowser
        label={t(`${ns}.listLabel`)}
        items={shown}
        error={records.error}
        onRetry={() => void records.refetch()}
        selectedUuid={uuid}
        hrefOf={hrefOf}
        {...list}
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
