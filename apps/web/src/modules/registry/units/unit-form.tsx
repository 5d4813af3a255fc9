import { useMemo } from 'react';
import { Alert, Group, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  languageOf,
  parsePercent,
  totalVoteShare,
  type LockerView,
  type ParkingView,
  type PersonEntry,
  type UnitView,
} from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatPercentage } from '../../../ui/format';
import { AnchorLink } from '../../../ui/router-link';
import { FormSection } from '../../../ui/form-section';
import { InsuranceProof } from './insurance-proof';
import { InsuranceFields, WaterHeaterFields } from './papers-fields';
import { personOption, PersonLinks } from './person-links';
import {
  AdminRecordForm,
  IdentityFields,
  MonthlyContributionsField,
  NoMonthlyFeesSwitch,
  NotesSection,
  ReadOnlyField,
} from './record-form-parts';
import { personRoles, prepareUnitCreate, prepareUnitEdit, unitFormValues } from './unit-form-values';
import { SpacePicker } from './space-picker';
import { sortedPeople, type PeopleIndex } from './unit-list';
import { useAdminForm } from './use-admin-form';

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
  people: readonly PersonEntry[];
  peopleByUuid: PeopleIndex;
  parkings: readonly ParkingView[] | undefined;
  lockers: readonly LockerView[] | undefined;
}) {
  const { t } = useTranslation();
  const shell = useBuildingShell();
  const { form, save } = useAdminForm({
    area: 'units',
    messages: 'units.form',
    record: unit,
    valuesOf: unitFormValues,
    prepare: { create: prepareUnitCreate, edit: prepareUnitEdit },
  });
  const { disabled } = save;

  const personOptions = useMemo(
    () => sortedPeople(people.filter((p) => !p.archived)).map(personOption),
    [people],
  );

  return (
    <AdminRecordForm
      save={save}
      form={form}
      archived={!!unit?.archived}
      archivedNotice={t('units.form.archivedNotice')}
      saveLabel={t(unit ? 'units.form.save' : 'units.form.create')}
    >
      <FormSection title={t('units.sections.general')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <IdentityFields
            record={unit}
            form={form}
            disabled={disabled}
            numberInput={{ description: t('units.form.numberHint'), maxLength: 10, inputMode: 'decimal' }}
          />
          <TextInput
            label={t('units.fields.floor')}
            maxLength={30}
            disabled={disabled}
            {...form.text('floor')}
          />
          {unit && <ReadOnlyField label={t('units.fields.aid')} value={String(unit.aid)} />}
        </SimpleGrid>
        {!unit && <VoteSharesOverWarning units={units} typed={form.values.voteShare} />}
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
          {(['parkings', 'lockers'] as const).map((kind) => (
            <SpacePicker
              key={kind}
              kind={kind}
              spaces={kind === 'parkings' ? parkings : lockers}
              units={units}
              unitUuid={unit?.uuid}
              form={form}
              disabled={disabled}
            />
          ))}
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
          {unit && <MonthlyContributionsField cents={unit.monthlyContributions} />}
        </SimpleGrid>
        {/* DOMAIN 8: the server refuses the switch without bank details and a signed agreement;
            its reasons show as the switch's error. */}
        <Switch
          label={t('units.fields.automaticPayment')}
          description={`${t('units.form.automaticPaymentHint')} ${t('padAgreement.unitForm.gateHint')}`}
          disabled={disabled}
          {...form.checkbox('automaticPayment')}
        />
        <NoMonthlyFeesSwitch form={form} disabled={disabled} />
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

      <NotesSection form={form} disabled={disabled} />
    </AdminRecordForm>
  );
}

/**
 * DOMAIN 6: the units' vote shares make up the whole building, 100 %. The server takes a new unit
 * whatever its share, so the form says, before saving, when the one typed takes the total over.
 */
function VoteSharesOverWarning({ units, typed }: { units: readonly UnitView[]; typed: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const share = parsePercent(typed);
  if (share === null || share <= 0 || share > 1) return null;
  const others = totalVoteShare(units.filter((other) => !other.archived).map((other) => other.voteShare));
  const total = totalVoteShare([others, share]);
  if (total <= 1) return null;
  const percent = (rate: number) => formatPercentage(rate, language);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('units.form.voteSharesOverTitle')}
      role="status"
    >
      {t('units.form.voteSharesOver', {
        others: percent(others),
        share: percent(share),
        total: percent(total),
        excess: percent(totalVoteShare([total, -1])),
      })}
    </Alert>
  );
}
