import { useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  type ComboboxItem,
} from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  languageOf,
  maxLockersPerUnit,
  maxParkingsPerUnit,
  type LockerView,
  type ParkingView,
  type PersonView,
  type UnitView,
} from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { useRemoteConfig } from '../../app/remote-config';
import { useBuildingShell } from '../../app/shell/building-context';
import { issuesToErrors, serverErrors } from '../../ui/form-validation';
import { AnchorLink } from '../../ui/router-link';
import { FormSection } from '../admin/form-section';
import { SaveBar } from '../admin/save-bar';
import { useRecordWrite } from '../registry/registry-api';
import { InsuranceProof } from './insurance-proof';
import { InsuranceFields, WaterHeaterFields } from './papers-fields';
import { personOption, PersonLinks, searchFilter } from './person-links';
import { formatMoney, percentText } from './record-parts';
import {
  personRoles,
  prepareUnitCreate,
  prepareUnitEdit,
  unitFormValues,
  type UnitFormValues,
} from './unit-form-values';
import { compareNumbers } from '../../ui/compare';
import { holders, sortedPeople, type PeopleIndex } from './unit-list';
import { useSyncedForm } from './use-synced-form';

interface Space {
  uuid: string;
  number: string;
  archived: boolean;
}

/** Parkings or lockers to pick from: the active ones, those held by another unit greyed out. */
function spaceOptions(
  spaces: readonly Space[],
  held: Map<string, UnitView>,
  selected: readonly string[],
  t: TFunction,
): ComboboxItem[] {
  return spaces
    .filter((space) => !space.archived || selected.includes(space.uuid))
    .sort((a, b) => compareNumbers(a.number, b.number))
    .map((space) => {
      const holder = held.get(space.uuid);
      return {
        value: space.uuid,
        label: holder ? t('units.form.takenBy', { number: space.number, unit: holder.number }) : space.number,
        disabled: !!holder && !selected.includes(space.uuid),
      };
    });
}

/** The whole unit (admin/units): created with its number and vote share, edited without them. */
export function UnitForm({
  unit,
  units,
  people,
  peopleByUuid,
  parkings,
  lockers,
}: {
  /** Absent: a new unit. */
  unit?: UnitView;
  units: readonly UnitView[];
  people: readonly PersonView[];
  peopleByUuid: PeopleIndex;
  parkings: readonly ParkingView[] | undefined;
  lockers: readonly LockerView[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const shell = useBuildingShell();
  const flags = useRemoteConfig().featureFlags;
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useMemo(() => unitFormValues(unit, language), [unit, language]);
  const form = useSyncedForm<UnitFormValues>(saved);
  const write = useRecordWrite<UnitView>('units');
  const creating = !unit;
  const disabled = shell.readOnly || !!unit?.archived || write.isPending;

  const personOptions = useMemo(
    () => sortedPeople(people.filter((p) => !p.archived)).map(personOption),
    [people],
  );
  const parkingOptions = useMemo(
    () => spaceOptions(parkings ?? [], holders(units, 'parkings', unit?.uuid), form.values.parkings, t),
    [parkings, units, unit?.uuid, form.values.parkings, t],
  );
  const lockerOptions = useMemo(
    () => spaceOptions(lockers ?? [], holders(units, 'lockers', unit?.uuid), form.values.lockers, t),
    [lockers, units, unit?.uuid, form.values.lockers, t],
  );

  const showFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const prepared = unit ? prepareUnitEdit(form.values) : prepareUnitCreate(form.values);
    if (!prepared.body) {
      form.setErrors(issuesToErrors(prepared.issues));
      showFirstError();
      return;
    }
    const onError = (error: unknown) => {
      const fields = serverErrors(error);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) notifyError(error, t('units.form.saveFailed'));
      else showFirstError();
    };
    if (unit) {
      write.mutate(
        { kind: 'edit', uuid: unit.uuid, body: prepared.body },
        {
          onSuccess: (view) => {
            form.settle(unitFormValues(view, language));
            notifySuccess(t('units.form.saved', { number: view.number }));
          },
          onError,
        },
      );
    } else {
      write.mutate(
        { kind: 'create', body: prepared.body },
        {
          onSuccess: (view) => {
            notifySuccess(t('units.form.created', { number: view.number }));
            void navigate({ href: shell.href(`admin/units/${view.uuid}`) });
          },
          onError,
        },
      );
    }
  };

  const voteShareHint =
    flags.voteShareEditing && shell.can('vote-shares.edit') ? (
      <AnchorLink to={shell.href('admin/vote-shares')} size="xs">
        {t('units.form.voteShareScreen')}
      </AnchorLink>
    ) : (
      t('units.form.voteShareFixed')
    );

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {unit?.archived && (
          <Alert color="gray" variant="light">
            {t('units.form.archivedNotice')}
          </Alert>
        )}
        <FormSection title={t('units.sections.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {creating ? (
              <TextInput
                label={t('units.fields.number')}
                description={t('units.form.numberHint')}
                required
                maxLength={10}
                inputMode="decimal"
                disabled={disabled}
                {...form.text('number')}
              />
            ) : (
              <ReadOnlyField
                label={t('units.fields.number')}
                value={unit.number}
                hint={t('units.form.numberFixed')}
              />
            )}
            {creating ? (
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
            ) : (
              <ReadOnlyField
                label={t('units.fields.voteShare')}
                value={percentText(unit.voteShare, language)}
                hint={voteShareHint}
              />
            )}
            <TextInput
              label={t('units.fields.floor')}
              maxLength={30}
              disabled={disabled}
              {...form.text('floor')}
            />
            {unit && <ReadOnlyField label={t('units.fields.aid')} value={String(unit.aid)} />}
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('units.sections.people')} description={t('units.form.peopleHint')}>
          {personRoles.map((role) => (
            <PersonLinks
              key={role}
              role={role}
              form={form}
              options={personOptions}
              people={peopleByUuid}
              disabled={disabled}
            />
          ))}
          {!disabled && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconUserPlus size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <AnchorLink to={shell.href('people/info')} size="sm">
                {t('units.form.createPerson')}
              </AnchorLink>
            </Group>
          )}
        </FormSection>

        <FormSection title={t('units.sections.spaces')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelect
              label={t('units.fields.parkings')}
              description={t('units.form.spacesHint', { max: maxParkingsPerUnit })}
              data={parkingOptions}
              value={form.values.parkings}
              onChange={(value) => form.change('parkings', value)}
              maxValues={maxParkingsPerUnit}
              searchable
              filter={searchFilter}
              limit={50}
              hidePickedOptions
              nothingFoundMessage={t('units.form.nothingFound')}
              disabled={disabled || parkings === undefined}
              error={form.errorAt('parkings')}
            />
            <MultiSelect
              label={t('units.fields.lockers')}
              description={t('units.form.spacesHint', { max: maxLockersPerUnit })}
              data={lockerOptions}
              value={form.values.lockers}
              onChange={(value) => form.change('lockers', value)}
              maxValues={maxLockersPerUnit}
              searchable
              filter={searchFilter}
              limit={50}
              hidePickedOptions
              nothingFoundMessage={t('units.form.nothingFound')}
              disabled={disabled || lockers === undefined}
              error={form.errorAt('lockers')}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('units.sections.payments')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('units.fields.paymentDay')}
              description={t('units.form.paymentDayHint')}
              inputMode="numeric"
              maxLength={2}
              disabled={disabled}
              {...form.text('paymentDay')}
            />
            {unit && (
              <ReadOnlyField
                label={t('units.fields.monthlyContributions')}
                value={formatMoney(unit.monthlyContributions, shell.building.currency, language)}
                hint={t('units.form.contributionsHint')}
              />
            )}
          </SimpleGrid>
          <Switch
            label={t('units.fields.automaticPayment')}
            description={t('units.form.automaticPaymentHint')}
            disabled={disabled}
            {...form.checkbox('automaticPayment')}
          />
          <Switch
            label={t('units.fields.noMonthlyFees')}
            description={t('units.form.noMonthlyFeesHint')}
            disabled={disabled}
            {...form.checkbox('noMonthlyFees')}
          />
        </FormSection>

        <FormSection title={t('units.sections.insurance')}>
          <InsuranceFields form={form} disabled={disabled} />
          {unit ? (
            <InsuranceProof unit={unit} canChange={!shell.readOnly && !unit.archived} />
          ) : (
            <Text size="xs" c="dimmed">
              {t('units.form.proofAfterCreation')}
            </Text>
          )}
        </FormSection>

        <FormSection title={t('units.sections.waterHeater')}>
          <WaterHeaterFields form={form} disabled={disabled} />
        </FormSection>

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

        {!shell.readOnly && !unit?.archived && (
          <SaveBar
            pristine={form.pristine}
            saving={write.isPending}
            hasErrors={Object.keys(form.errors).length > 0}
            onDiscard={form.reset}
            saveLabel={t(creating ? 'units.form.create' : 'units.form.save')}
          />
        )}
      </Stack>
    </form>
  );
}

/** A value shown among the inputs that this form does not change. */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
      {hint && (
        <Text size="xs" c="dimmed" component="div">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
