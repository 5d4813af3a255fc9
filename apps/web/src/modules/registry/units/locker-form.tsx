import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LockerView } from '@copro/domain';
import { FormSection } from '../../../ui/form-section';
import { AdminRecordForm, IdentityFields, NotesSection, SpaceFeesSection } from './record-form-parts';
import { lockerFormValues, prepareLockerCreate, prepareLockerEdit } from './space-form-values';
import { useAdminForm } from './use-admin-form';

export function LockerForm({ locker }: { locker: LockerView | undefined }) {
  const { t } = useTranslation();
  const { form, save } = useAdminForm({
    area: 'lockers',
    messages: 'lockers',
    record: locker,
    valuesOf: lockerFormValues,
    prepare: { create: prepareLockerCreate, edit: prepareLockerEdit },
  });
  const { disabled } = save;
  return (
    <AdminRecordForm
      save={save}
      form={form}
      archived={!!locker?.archived}
      archivedNotice={t('lockers.archivedNotice')}
      saveLabel={t(locker ? 'units.form.save' : 'lockers.create')}
    >
      <FormSection title={t('units.sections.general')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <IdentityFields record={locker} form={form} disabled={disabled} numberInput={{ maxLength: 30 }} />
          <TextInput
            label={t('lockers.cadastreNumber')}
            maxLength={30}
            disabled={disabled}
            {...form.text('cadastreNumber')}
          />
        </SimpleGrid>
      </FormSection>
      <SpaceFeesSection record={locker} form={form} disabled={disabled} />
      <NotesSection form={form} disabled={disabled} />
    </AdminRecordForm>
  );
}
