import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParkingView, RegistryReadRecord } from '@copro/domain';
import { useRecords } from '../registry-api';
import { AdminRecordsPage } from './admin-records-page';
import { LockerForm } from './locker-form';
import { ParkingForm } from './parking-form';
import { lockerAdminRoute, parkingAdminRoute } from './routes';
import { holders, peopleIndex, personName, spaceSorts } from './unit-list';

type Area = 'parkings' | 'lockers';

/** admin/parkings: parkings with their renter, plate and cadastre number. */
export function ParkingAdminPage() {
  const { t } = useTranslation();
  const { parkingUUID } = parkingAdminRoute.useParams();
  const units = useRecords('units');
  const people = useRecords('people');
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
    <SpaceAdminPage
      area="parkings"
      uuid={parkingUUID}
      subtitleOf={(parking) => {
        const holder = held.get(parking.uuid);
        const parts = [
          holder && t('units.unitTitle', { number: holder.number }),
          renterOf(parking) && t('parkings.rentedTo', { renter: renterOf(parking) }),
          parking.licensePlate,
        ].filter(Boolean);
        return parts.join(' · ') || t('parkings.free');
      }}
      form={(parking) => (
        <ParkingForm parking={parking} people={people.data ?? []} units={units.data ?? []} />
      )}
    />
  );
}

/** admin/lockers: lockers with their cadastre number. */
export function LockerAdminPage() {
  const { t } = useTranslation();
  const { lockerUUID } = lockerAdminRoute.useParams();
  const units = useRecords('units');
  const held = useMemo(() => holders(units.data ?? [], 'lockers', undefined), [units.data]);
  return (
    <SpaceAdminPage
      area="lockers"
      uuid={lockerUUID}
      subtitleOf={(locker) => {
        const holder = held.get(locker.uuid);
        return holder ? t('units.unitTitle', { number: holder.number }) : t('lockers.free');
      }}
      form={(locker) => <LockerForm locker={locker} />}
    />
  );
}

/** Parkings and lockers list alike: by number, free or held by a unit; their texts are in `area`. */
function SpaceAdminPage<A extends Area>({
  area,
  uuid,
  subtitleOf,
  form,
}: {
  area: A;
  uuid: string | undefined;
  subtitleOf: (record: RegistryReadRecord<A>) => string;
  form: (record: RegistryReadRecord<A> | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  // Free or held by a unit: the server knows which unit holds which space.
  const filters = useMemo(
    () => (['free', 'assigned'] as const).map((key) => ({ key, labelKey: `${area}.filter.${key}` })),
    [area],
  );
  return (
    <AdminRecordsPage
      area={area}
      uuid={uuid}
      title={t(`${area}.pageTitle`)}
      texts={{
        newButton: t(`${area}.new`),
        newTitle: t(`${area}.newTitle`),
        pick: t(`${area}.pick`),
        notFound: t(`${area}.notFound`),
      }}
      list={{
        label: t(`${area}.list`),
        titleOf: (record) => t(`${area}.title`, { number: record.number }),
        subtitleOf,
        sorts: spaceSorts,
        filters,
      }}
      form={form}
    />
  );
}
