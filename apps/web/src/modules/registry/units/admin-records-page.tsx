import { Fragment, useCallback, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { RecordBrowser, type RecordBrowserProps } from '../../../ui/record-browser';
import { EmptyPanel } from '../../../ui/record-panel';
import { ButtonLink } from '../../../ui/router-link';
import { ArchiveButton } from './archive-button';
import { DetailHeader } from './record-parts';
import { newRecord } from './routes';

export type AdminArea = 'units' | 'parkings' | 'lockers';

interface NumberedRecord {
  uuid: string;
  number: string;
  archived: boolean;
}

/** The list of an admin page: what the browser shows, and each record's name for its rows and heading. */
export type AdminList<T extends NumberedRecord> = Omit<
  RecordBrowserProps<T>,
  'selectedUuid' | 'hrefOf' | 'toolbar' | 'detail' | 'titleOf'
> & { titleOf: (record: T) => string };

/**
 * admin/units, admin/parkings and admin/lockers: the list, and beside it the form of the record
 * the address names, under its name; 'new' in place of a uuid opens a blank form.
 */
export function AdminRecordsPage<T extends NumberedRecord>({
  area,
  uuid,
  title,
  texts,
  list,
  form,
}: {
  area: AdminArea;
  uuid: string | undefined;
  title: string;
  texts: { newButton: string; newTitle: string; pick: string; notFound: string };
  list: AdminList<T>;
  form: (record: T | undefined) => ReactNode;
}) {
  const { href, readOnly } = useBuildingShell();
  const hrefOf = useCallback(
    (id?: string) => href(id ? `admin/${area}/${id}` : `admin/${area}`),
    [href, area],
  );
  const creating = uuid === newRecord && !readOnly;
  const selected = uuid ? list.items?.find((record) => record.uuid === uuid) : undefined;

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
    ) : (
      <EmptyPanel>{uuid ? texts.notFound : texts.pick}</EmptyPanel>
    );

  return (
    <Page title={title}>
      <RecordBrowser
        {...list}
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
