import { useMemo } from 'react';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { languageOf, type Language, type UnitPerson, type UnitView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useMe } from '../../../app/session';
import { useOwnPeople } from '../registry-api';
import { formatMoney, formatPercentage } from '../../../ui/format';
import { LinkifiedText } from '../../../ui/linkified-text';
import { ButtonLink } from '../../../ui/router-link';
import { Facts } from '../../tenancy';
import { RecordSaleButton } from '../../receivables';
import { ReminderHistory } from '../../receivables';
import { BankDetailsCard } from '../../payables';
import { AgreementCard } from '../../otonom';
import { Dash, DetailCard, DetailHeader, formatDay } from './record-parts';
import { personRoles, type PersonRole } from './unit-form-values';
import { isOwnerOrProxy, personName, type PeopleIndex } from './unit-list';
import { UnitPapers } from './unit-papers';

/** A unit as its readers see it (units/info), with the edits their role allows. */
export function UnitDetail({ unit, people }: { unit: UnitView; people: PeopleIndex }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const shell = useBuildingShell();
  const me = useMe().data;
  const ownPeople = useOwnPeople().data;
  const mine = useMemo(() => (ownPeople ?? []).map((person) => person.uuid), [ownPeople]);
  const writable = !shell.readOnly && !unit.archived;
  const canManage = shell.can('finance.write') && !shell.readOnly;
  const canSelfEdit = writable && shell.can('self-service.edit') && isOwnerOrProxy(unit, me?.email, mine);
  const yesNo = (value: boolean) => t(value ? 'units.yes' : 'units.no');
  const numbers = (list: string[]) =>
    list.length > 0 ? (
      <Group gap={4}>
        {list.map((number) => (
          <Badge key={number} variant="outline" color="gray" size="md" tt="none">
            {number}
          </Badge>
        ))}
      </Group>
    ) : (
      <Dash />
    );

  return (
    <Stack gap="md">
      <DetailHeader
        title={t('units.unitTitle', { number: unit.number })}
        archived={unit.archived}
        actions={
          canManage && (
            <>
              <ButtonLink
                to={shell.href(`admin/units/${unit.uuid}`)}
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden />}
              >
                {t('units.actions.edit')}
              </ButtonLink>
              {!unit.archived && (
                <RecordSaleButton
                  unitUuid={unit.uuid}
                  unitTitle={t('units.unitTitle', { number: unit.number })}
                />
              )}
            </>
          )
        }
      />
      <DetailCard title={t('units.sections.general')}>
        <Facts
          rows={[
            { label: t('units.fields.number'), value: unit.number },
            { label: t('units.fields.floor'), value: unit.floor || <Dash /> },
            { label: t('units.fields.voteShare'), value: formatPercentage(unit.voteShare, language) },
            { label: t('units.fields.aid'), value: unit.aid },
            {
              label: t('units.fields.monthlyContributions'),
              value: formatMoney(unit.monthlyContributions, shell.building.currency, language),
            },
            { label: t('units.fields.paymentDay'), value: unit.paymentDay ?? <Dash /> },
            { label: t('units.fields.automaticPayment'), value: yesNo(unit.automaticPayment) },
            { label: t('units.fields.noMonthlyFees'), value: yesNo(unit.noMonthlyFees) },
          ]}
        />
      </DetailCard>
      <DetailCard title={t('units.sections.people')}>
        <Stack gap="md">
          {personRoles.map((role) => (
            <LinkedPeople key={role} role={role} links={unit[role]} people={people} language={language} />
          ))}
        </Stack>
      </DetailCard>
      <DetailCard title={t('units.sections.spaces')}>
        <Facts
          rows={[
            { label: t('units.fields.parkings'), value: numbers(unit.parkingNumbers) },
            { label: t('units.fields.lockers'), value: numbers(unit.lockerNumbers) },
          ]}
        />
      </DetailCard>
      {unit.notes && (
        <DetailCard title={t('units.fields.notes')}>
          <LinkifiedText text={unit.notes} />
        </DetailCard>
      )}
      <UnitPapers
        unit={unit}
        canEdit={canSelfEdit}
        canChangeProof={canSelfEdit || (canManage && !unit.archived)}
      />
      {shell.can('finance.read') && <BankDetailsCard owner="units" uuid={unit.uuid} />}
      {/* DOMAIN 8: what automatic payment needs besides the bank details above. */}
      {shell.can('finance.read') && <AgreementCard unitUuid={unit.uuid} />}
      {shell.can('finance.read') && <ReminderHistory unitUuid={unit.uuid} />}
    </Stack>
  );
}

/** "Since 15 January 2020", "From … to …": the dates of a person's link to the unit. */
export function linkDates(link: Pick<UnitPerson, 'from' | 'to'>, language: Language, t: TFunction) {
  const from = link.from ? formatDay(link.from, language) : undefined;
  const to = link.to ? formatDay(link.to, language) : undefined;
  if (from && to) return t('units.people.fromTo', { from, to });
  if (from) return t('units.people.since', { from });
  if (to) return t('units.people.until', { to });
  return '';
}

function LinkedPeople({
  role,
  links,
  people,
  language,
}: {
  role: PersonRole;
  links: UnitPerson[];
  people: PeopleIndex;
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t(`units.roles.${role}`)}
      </Text>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`units.roles.none.${role}`)}
        </Text>
      ) : (
        links.map((link) => {
          const person = people.get(link.personUuid);
          const dates = linkDates(link, language, t);
          return (
            <Stack
              key={link.personUuid}
              gap={2}
              pl="sm"
              style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" fw={500}>
                {person ? personName(person) : t('units.people.unknown')}
              </Text>
              {dates && (
                <Text size="xs" c="dimmed">
                  {dates}
                </Text>
              )}
              {/* Owners and residents receive them only when the person shares them (DOMAIN 6). */}
              {person && (person.emails?.length || person.phones?.length) ? (
                <Group gap="md" style={{ rowGap: 2 }}>
                  {(person.emails ?? []).map((email) => (
                    <Anchor
                      key={email}
                      href={`mailto:${email}`}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {email}
                    </Anchor>
                  ))}
                  {(person.phones ?? []).map((phone) => (
                    <Text key={`${phone.type}:${phone.number}`} size="sm">
                      <Anchor href={`tel:${phone.number.replace(/[^\d+]/g, '')}`} size="sm">
                        {phone.number}
                      </Anchor>{' '}
                      <Text span size="xs" c="dimmed">
                        ({t(`units.phoneTypes.${phone.type}`)})
                      </Text>
                    </Text>
                  ))}
                </Group>
              ) : null}
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
