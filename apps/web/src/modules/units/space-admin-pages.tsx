import { useCallback, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { Alert, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  languageOf,
  type Language,
  type LockerView,
  type ParkingView,
  type PersonView,
  type UnitView,
} from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { useRemoteConfig } from '../../app/remote-config';
import { useBuildingShell } from '../../app/shell/building-context';
import { issuesToErrors, serverErrors } from '../../ui/form-validation';
import { Page } from '../../ui/page';
import { RecordBrowser } from '../../ui/record-browser';
import { AnchorLink, ButtonLink } from '../../ui/router-link';
import { FormSection } from '../admin/form-section';
import { SaveBar } from '../admin/save-bar';
import { useRecords, useRecordWrite } from '../registry/registry-api';
import { ArchiveButton } from './archive-button';
import { personOption, searchFilter } from './person-links';
import type { Prepared } from './prepare';
import { DetailHeader, formatMoney, NothingSelected, percentText } from './record-parts';
import { lockerAdminRoute, newRecord, parkingAdminRoute } from './routes';
import {
  lockerFormValues,
  parkingFormValues,
  prepareLockerCreate,
  prepareLockerEdit,
  prepareParkingCreate,
  prepareParkingEdit,
  type LockerFormValues,
  type ParkingFormValues,
} from './space-form-values';
import { ReadOnlyField } from './unit-form';
import { compareNumbers } from '../../ui/compare';
import { holders, peopleIndex, personName, sortedPeople, spaceSorts } from './unit-list';
import { useSyncedForm, type SyncedForm } from './use-synced-form';

type Area = 'parkings' | 'lockers';
type Space = ParkingView | LockerView;

/** admin/parkings: parkings with their renter, plate and cadastre number. */
export function ParkingAdminPage() {
  const { t } = useTranslation();
  const { parkingUUID } = parkingAdminRoute.useParams();
  const units = useRecords<UnitView>('units');
  const people = useRecords<PersonView>('people');
  const index = useMemo(() => peopleIndex(people.data), [people.data]);
  const held = useMemo(() => holders(units.data ?? [], 'parkings', undefined), [units.data]);
  const unitNumber = useCallback(
    (uuid: string | undefined) => units.data?.find((unit) => unit.uuid === uuid)?.number,
    [units.data],
  );
  const renterOf = useCallback(
    (parking: ParkingView) => {
      const person = parking.renter.personUuid ? index.get(parking.renter.personUuid) : undefined;
      const unit = unitNumber(parking.renter.unitUuid);
      return [person && personName(person), unit && t('units.unitTitle', { number: unit })]
        .filter(Boolean)
        .join(', ');
    },
    [index, unitNumber, t],
  );
  return (
    <SpaceAdminPage<ParkingView>
      area="parkings"
      uuid={parkingUUID}
      held={held}
      searchTextOf={(parking) =>
        [
          parking.number,
          parking.licensePlate,
          parking.cadastreNumber,
          renterOf(parking),
          held.get(parking.uuid)?.number,
        ]
          .filter(Boolean)
          .join(' ')
      }
      subtitleOf={(parking) => {
        const holder = held.get(parking.uuid);
        const parts = [
          holder && t('units.unitTitle', { number: holder.number }),
          renterOf(parking) && t('parkings.rentedTo', { renter: renterOf(parking) }),
          parking.licensePlate,
        ].filter(Boolean);
        return parts.join(' · ') || t('parkings.free');
      }}
      renderForm={(parking) => (
        <ParkingForm
          key={parking?.uuid ?? newRecord}
          parking={parking}
          people={people.data ?? []}
          units={units.data ?? []}
        />
      )}
    />
  );
}

/** admin/lockers: lockers with their cadastre number. */
export function LockerAdminPage() {
  const { t } = useTranslation();
  const { lockerUUID } = lockerAdminRoute.useParams();
  const units = useRecords<UnitView>('units');
  const held = useMemo(() => holders(units.data ?? [], 'lockers', undefined), [units.data]);
  return (
    <SpaceAdminPage<LockerView>
      area="lockers"
      uuid={lockerUUID}
      held={held}
      searchTextOf={(locker) =>
        [locker.number, locker.cadastreNumber, held.get(locker.uuid)?.number].filter(Boolean).join(' ')
      }
      subtitleOf={(locker) => {
        const holder = held.get(locker.uuid);
        return holder ? t('units.unitTitle', { number: holder.number }) : t('lockers.free');
      }}
      renderForm={(locker) => <LockerForm key={locker?.uuid ?? newRecord} locker={locker} />}
    />
  );
}

function SpaceAdminPage<T extends Space>({
  area,
  uuid,
  held,
  searchTextOf,
  subtitleOf,
  renderForm,
}: {
  area: Area;
  uuid: string | undefined;
  held: Map<string, UnitView>;
  searchTextOf: (record: T) => string;
  subtitleOf: (record: T) => string;
  renderForm: (record: T | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  const { href, readOnly } = useBuildingShell();
  const records = useRecords<T>(area);
  const sorts = useMemo(() => spaceSorts<T>(), []);
  const filters = useMemo(
    () => [
      { key: 'free', labelKey: `${area}.filter.free`, test: (record: T) => !held.has(record.uuid) },
      { key: 'assigned', labelKey: `${area}.filter.assigned`, test: (record: T) => held.has(record.uuid) },
    ],
    [area, held],
  );
  const hrefOf = useCallback(
    (id?: string) => href(id ? `admin/${area}/${id}` : `admin/${area}`),
    [href, area],
  );
  const creating = uuid === newRecord && !readOnly;
  const selected = uuid ? records.data?.find((record) => record.uuid === uuid) : undefined;

  let detail: ReactNode;
  if (creating) {
    detail = (
      <Stack gap="md">
        <DetailHeader title={t(`${area}.newTitle`)} archived={false} />
        {renderForm(undefined)}
      </Stack>
    );
  } else if (selected) {
    detail = (
      <Stack gap="md">
        <DetailHeader
          title={t(`${area}.title`, { number: selected.number })}
          archived={selected.archived}
          actions={!readOnly && <ArchiveButton area={area} record={selected} />}
        />
        {renderForm(selected)}
      </Stack>
    );
  } else {
    detail = <NothingSelected text={t(uuid ? `${area}.notFound` : `${area}.pick`)} />;
  }

  return (
    <Page title={t(`${area}.pageTitle`)}>
      <RecordBrowser
        label={t(`${area}.list`)}
        items={records.data}
        error={records.error}
        onRetry={() => void records.refetch()}
        selectedUuid={uuid}
        hrefOf={hrefOf}
        searchTextOf={searchTextOf}
        titleOf={(record) => t(`${area}.title`, { number: record.number })}
        subtitleOf={subtitleOf}
        sorts={sorts}
        filters={filters}
        toolbar={
          !readOnly && (
            <ButtonLink to={hrefOf(newRecord)} size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
              {t(`${area}.new`)}
            </ButtonLink>
          )
        }
        detail={detail}
      />
    </Page>
  );
}

/** Save for both forms: create then open the new record, or edit and keep the form in step. */
function useSpaceSave<T extends Space, V>(
  area: Area,
  record: T | undefined,
  form: SyncedForm<V>,
  valuesOf: (record: T, language: Language) => V,
  prepare: (values: V) => Prepared<object>,
) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const shell = useBuildingShell();
  const navigate = useNavigate();
  const write = useRecordWrite<T>(area);
  const formRef = useRef<HTMLFormElement>(null);
  const showFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { body, issues } = prepare(form.values);
    if (!body) {
      form.setErrors(issuesToErrors(issues));
      showFirstError();
      return;
    }
    const onError = (error: unknown) => {
      const fields = serverErrors(error);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) notifyError(error, t(`${area}.saveFailed`));
      else showFirstError();
    };
    if (record) {
      write.mutate(
        { kind: 'edit', uuid: record.uuid, body },
        {
          onSuccess: (view) => {
            form.settle(valuesOf(view, language));
            notifySuccess(t(`${area}.saved`, { number: view.number }));
          },
          onError,
        },
      );
    } else {
      write.mutate(
        { kind: 'create', body },
        {
          onSuccess: (view) => {
            notifySuccess(t(`${area}.created`, { number: view.number }));
            void navigate({ href: shell.href(`admin/${area}/${view.uuid}`) });
          },
          onError,
        },
      );
    }
  };
  return { submit, formRef, saving: write.isPending };
}

/** The number and the vote share: typed at creation, shown afterwards (DOMAIN 6). */
function SpaceIdentity<V extends { number: string; voteShare: string }>({
  record,
  form,
  disabled,
}: {
  record: Space | undefined;
  form: SyncedForm<V>;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const shell = useBuildingShell();
  const flags = useRemoteConfig().featureFlags;
  if (!record) {
    return (
      <>
        <TextInput
          label={t('units.fields.number')}
          required
          maxLength={30}
          disabled={disabled}
          {...form.text('number')}
        />
        <TextInput
          label={t('units.fields.voteShare')}
          description={t('units.form.percentHint')}
          required
          inputMode="decimal"
          rightSection={
            <Text size="sm" c="dimmed">
              %
            </Text>
          }
          disabled={disabled}
          {...form.text('voteShare')}
        />
      </>
    );
  }
  return (
    <>
      <ReadOnlyField
        label={t('units.fields.number')}
        value={record.number}
        hint={t('units.form.numberFixed')}
      />
      <ReadOnlyField
        label={t('units.fields.voteShare')}
        value={percentText(record.voteShare, language)}
        hint={
          flags.voteShareEditing && shell.can('vote-shares.edit') ? (
            <AnchorLink to={shell.href('admin/vote-shares')} size="xs">
              {t('units.form.voteShareScreen')}
            </AnchorLink>
          ) : (
            t('units.form.voteShareFixed')
          )
        }
      />
    </>
  );
}

/** No monthly fees, and the monthly contribution the budget sets (read-only). */
function SpaceFees<V>({
  record,
  form,
  disabled,
}: {
  record: Space | undefined;
  form: SyncedForm<V>;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  return (
    <FormSection title={t('units.sections.payments')}>
      {record && (
        <ReadOnlyField
          label={t('units.fields.monthlyContributions')}
          value={formatMoney(record.monthlyContributions, building.currency, language)}
          hint={t('units.form.contributionsHint')}
        />
      )}
      <Switch
        label={t('units.fields.noMonthlyFees')}
        description={t('units.form.noMonthlyFeesHint')}
        disabled={disabled}
        {...form.checkbox('noMonthlyFees')}
      />
    </FormSection>
  );
}

function SpaceNotes<V>({ form, disabled }: { form: SyncedForm<V>; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('units.fields.notes')}>
      <Textarea
        aria-label={t('units.fields.notes')}
        autosize
        minRows={3}
        maxLength={2000}
        disabled={disabled}
        {...form.text('notes')}
      />
    </FormSection>
  );
}

function ParkingForm({
  parking,
  people,
  units,
}: {
  parking: ParkingView | undefined;
  people: readonly PersonView[];
  units: readonly UnitView[];
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { readOnly } = useBuildingShell();
  const saved = useMemo(() => parkingFormValues(parking, language), [parking, language]);
  const form = useSyncedForm<ParkingFormValues>(saved);
  const save = useSpaceSave('parkings', parking, form, parkingFormValues, (values) =>
    parking ? prepareParkingEdit(values) : prepareParkingCreate(values),
  );
  const disabled = readOnly || !!parking?.archived || save.saving;
  const personOptions = useMemo(
    () =>
      sortedPeople(people.filter((p) => !p.archived || p.uuid === form.values.renterPersonUuid)).map(
        personOption,
      ),
    [people, form.values.renterPersonUuid],
  );
  const unitOptions = useMemo(
    () =>
      units
        .filter((unit) => !unit.archived || unit.uuid === form.values.renterUnitUuid)
        .sort((a, b) => compareNumbers(a.number, b.number))
        .map((unit) => ({ value: unit.uuid, label: t('units.unitTitle', { number: unit.number }) })),
    [units, form.values.renterUnitUuid, t],
  );

  return (
    <form ref={save.formRef} onSubmit={save.submit} noValidate>
      <Stack gap="md">
        {parking?.archived && (
          <Alert color="gray" variant="light">
            {t('parkings.archivedNotice')}
          </Alert>
        )}
        <FormSection title={t('units.sections.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SpaceIdentity record={parking} form={form} disabled={disabled} />
            <TextInput
              label={t('parkings.licensePlate')}
              maxLength={30}
              disabled={disabled}
              {...form.text('licensePlate')}
            />
            <TextInput
              label={t('parkings.cadastreNumber')}
              maxLength={30}
              disabled={disabled}
              {...form.text('cadastreNumber')}
            />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('parkings.renter')} description={t('parkings.renterHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('parkings.renterPerson')}
              placeholder={t('parkings.searchPerson')}
              data={personOptions}
              value={form.values.renterPersonUuid || null}
              onChange={(value) => form.change('renterPersonUuid', value ?? '')}
              searchable
              clearable
              filter={searchFilter}
              limit={30}
              nothingFoundMessage={t('units.people.nothingFound')}
              disabled={disabled}
              error={form.errorAt('renter.personUuid')}
            />
            <Select
              label={t('parkings.renterUnit')}
              placeholder={t('parkings.searchUnit')}
              data={unitOptions}
              value={form.values.renterUnitUuid || null}
              onChange={(value) => form.change('renterUnitUuid', value ?? '')}
              searchable
              clearable
              filter={searchFilter}
              limit={30}
              nothingFoundMessage={t('units.form.nothingFound')}
              disabled={disabled}
              error={form.errorAt('renter.unitUuid')}
            />
          </SimpleGrid>
        </FormSection>
        <SpaceFees record={parking} form={form} disabled={disabled} />
        <SpaceNotes form={form} disabled={disabled} />
        {!readOnly && !parking?.archived && (
          <SaveBar
            pristine={form.pristine}
            saving={save.saving}
            hasErrors={Object.keys(form.errors).length > 0}
            onDiscard={form.reset}
            saveLabel={t(parking ? 'units.form.save' : 'parkings.create')}
          />
        )}
      </Stack>
    </form>
  );
}

function LockerForm({ locker }: { locker: LockerView | undefined }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { readOnly } = useBuildingShell();
  const saved = useMemo(() => lockerFormValues(locker, language), [locker, language]);
  const form = useSyncedForm<LockerFormValues>(saved);
  const save = useSpaceSave('lockers', locker, form, lockerFormValues, (values) =>
    locker ? prepareLockerEdit(values) : prepareLockerCreate(values),
  );
  const disabled = readOnly || !!locker?.archived || save.saving;
  return (
    <form ref={save.formRef} onSubmit={save.submit} noValidate>
      <Stack gap="md">
        {locker?.archived && (
          <Alert color="gray" variant="light">
            {t('lockers.archivedNotice')}
          </Alert>
        )}
        <FormSection title={t('units.sections.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SpaceIdentity record={locker} form={form} disabled={disabled} />
            <TextInput
              label={t('lockers.cadastreNumber')}
              maxLength={30}
              disabled={disabled}
              {...form.text('cadastreNumber')}
            />
          </SimpleGrid>
        </FormSection>
        <SpaceFees record={locker} form={form} disabled={disabled} />
        <SpaceNotes form={form} disabled={disabled} />
        {!readOnly && !locker?.archived && (
          <SaveBar
            pristine={form.pristine}
            saving={save.saving}
            hasErrors={Object.keys(form.errors).length > 0}
            onDiscard={form.reset}
            saveLabel={t(locker ? 'units.form.save' : 'lockers.create')}
          />
        )}
      </Stack>
    </form>
  );
}
