import { useCallback, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PersonView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { RecordBrowser } from '../../ui/record-browser';
import { EmptyPanel, RecordFormModal } from '../../ui/record-panel';
import { useRecords } from '../registry/registry-api';
import { personListName, personSearchText, personSorts, personSubtitle } from './people-list';
import { PersonForm } from './person-form';
import { PersonPanel } from './person-panel';
import { personInfoRoute } from './routes';

export function PeoplePage() {
  const { t } = useTranslation();
  const { href, can, readOnly } = useBuildingShell();
  const { personUUID } = personInfoRoute.useParams();
  const navigate = useNavigate();
  const people = useRecords<PersonView>('people');
  const [creating, setCreating] = useState(false);
  const canWrite = can('finance.write') && !readOnly;
  const hrefOf = useCallback((uuid?: string) => href(uuid ? `people/info/${uuid}` : 'people/info'), [href]);

  const selected = people.data?.find((person) => person.uuid === personUUID);
  const detail = selected ? (
    <PersonPanel key={selected.uuid} person={selected} />
  ) : (
    <EmptyPanel>
      {personUUID
        ? t('registry.recordMissing')
        : people.data?.length === 0
          ? t(canWrite ? 'people.emptyCanCreate' : 'people.empty')
          : t('people.noneSelected')}
    </EmptyPanel>
  );

  return (
    <Page title={t('people.title')}>
      <RecordBrowser
        label={t('people.listLabel')}
        items={people.data}
        error={people.error}
        onRetry={() => void people.refetch()}
        selectedUuid={personUUID}
        hrefOf={hrefOf}
        searchTextOf={personSearchText}
        titleOf={personListName}
        subtitleOf={personSubtitle}
        sorts={personSorts}
        toolbar={
          canWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('people.new')}
            </Button>
          )
        }
        detail={detail}
      />
      <RecordFormModal opened={creating} onClose={() => setCreating(false)} title={t('people.new')}>
        <PersonForm
          mode="create"
          onCancel={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            void navigate({ href: hrefOf(saved.uuid) });
          }}
        />
      </RecordFormModal>
    </Page>
  );
}
