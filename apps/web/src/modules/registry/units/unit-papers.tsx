import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, waterHeaterStatus, type UnitView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { formatMoney } from '../../../ui/format';
import { useRecordForm } from '../../../ui/use-record-form';
import { Facts } from '../../tenancy';
import { useRecordWrite } from '../registry-api';
import { InsuranceProof } from './insurance-proof';
import { InsuranceFields, WaterHeaterFields } from './papers-fields';
import { DetailCard, Dash, formatDay, InsuranceBadge, WaterHeaterBadge } from './record-parts';
import { papersValues, prepareUnitPapers } from './unit-form-values';
import { unitInsuranceStatus } from './unit-list';

/**
 * The unit's insurance and water heater. Owners and proxies with self-service edit change them
 * here at once (DOMAIN 6), and upload the proof of insurance.
 */
export function UnitPapers({
  unit,
  canEdit,
  canChangeProof,
}: {
  unit: UnitView;
  canEdit: boolean;
  canChangeProof: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editButton =
    canEdit && !editing ? (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => setEditing(true)}
      >
        {t('units.papers.edit')}
      </Button>
    ) : undefined;
  return (
    <DetailCard title={t('units.sections.papers')} actions={editButton}>
      {editing ? <PapersForm unit={unit} onDone={() => setEditing(false)} /> : <PapersFacts unit={unit} />}
      <Divider />
      <InsuranceProof unit={unit} canChange={canChangeProof} />
    </DetailCard>
  );
}

function PapersFacts({ unit }: { unit: UnitView }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  const today = useBuildingToday();
  const { insurance, waterHeater } = unit;
  const day = (value: string | undefined) => (value ? formatDay(value, language) : <Dash />);
  const plain = (value: string | undefined) => value || <Dash />;
  return (
    <Stack gap="md">
      <FactsGroup
        title={t('units.sections.insurance')}
        badge={<InsuranceBadge status={unitInsuranceStatus(unit, today)} />}
        rows={[
          { label: t('units.insurance.provider'), value: plain(insurance.provider) },
          { label: t('units.insurance.policyNumber'), value: plain(insurance.policyNumber) },
          {
            label: t('units.insurance.civilResponsibilityAmount'),
            value:
              insurance.civilResponsibilityAmount === undefined ? (
                <Dash />
              ) : (
                formatMoney(insurance.civilResponsibilityAmount, building.currency, language)
              ),
          },
          { label: t('units.insurance.endDate'), value: day(insurance.endDate) },
        ]}
      />
      <FactsGroup
        title={t('units.sections.waterHeater')}
        badge={<WaterHeaterBadge status={waterHeaterStatus(waterHeater, today)} />}
        rows={[
          { label: t('units.waterHeater.installationDate'), value: day(waterHeater.installationDate) },
          { label: t('units.waterHeater.warrantyEndDate'), value: day(waterHeater.warrantyEndDate) },
          { label: t('units.waterHeater.location'), value: plain(waterHeater.location) },
        ]}
      />
    </Stack>
  );
}

/** A titled group of facts, its state in a badge beside the title. */
function FactsGroup({
  title,
  badge,
  rows,
}: {
  title: string;
  badge: ReactNode;
  rows: ComponentProps<typeof Facts>['rows'];
}) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {badge}
      </Group>
      <Facts rows={rows} />
    </Stack>
  );
}

function PapersForm({ unit, onDone }: { unit: UnitView; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const saved = useMemo(() => papersValues(unit, language), [unit, language]);
  const form = useRecordForm(saved);
  const write = useRecordWrite('units');

  const submit = form.onSubmit((values) => {
    const { body, issues } = prepareUnitPapers(values);
    if (!body) {
      form.setErrors(issuesToErrors(issues));
      return;
    }
    write.mutate(
      { kind: 'self', uuid: unit.uuid, body },
      {
        onSuccess: () => {
          notifySuccess(t('units.papers.saved', { number: unit.number }));
          onDone();
        },
        onError: (error) => {
          const fields = serverErrors(error);
          form.setErrors(fields);
          if (Object.keys(fields).length === 0) notifyError(error, t('units.papers.saveFailed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {t('units.sections.insurance')}
        </Text>
        <InsuranceFields form={form} disabled={write.isPending} />
        <Text size="sm" fw={600}>
          {t('units.sections.waterHeater')}
        </Text>
        <WaterHeaterFields form={form} disabled={write.isPending} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={write.isPending} onClick={onDone}>
            {t('units.actions.cancel')}
          </Button>
          <Button type="submit" loading={write.isPending} disabled={form.pristine}>
            {t('units.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
