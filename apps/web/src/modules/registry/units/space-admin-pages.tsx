import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParkingView, RegistryReadRecord, UnitView } from '@copro/domain';
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
      held={held}
      searchTextOf={(locker) =>
        [locker.number, locker.cadastreNumber, held.get(locker.uuid)?.number].filter(Boolean).join(' ')
      }
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
  held,
  searchTextOf,
  subtitleOf,
  form,
}: {
  area: A;
  uuid: string | undefined;
  /** The unit that holds each space. */
  held: Map<string, UnitView>;
  searchTextOf: (record: RegistryReadRecord<A>) => string;
  subtitleOf: (record: RegistryReadRecord<A>) => string;
  form: (record: RegistryReadRecord<A> | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  const records = useRecords(area);
  const sorts = useMemo(() => spaceSorts<RegistryReadRecord<A>>(), []);
  const filters = useMemo(
    () => [
      {
        key: 'free',
        labelKey: `${area}.filter.free`,
        test: (record: RegistryReadRecord<A>) => !held.has(record.uuid),
      },
      {
        key: 'assigned',
        labelKey: `${area}.filter.assigned`,
        test: (record: RegistryReadRecord<A>) => held.has(record.uuid),
      },
    ],
    [area, held],
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
        items: records.data,
        error: records.error,
        onRetry: () => void records.refetch(),
        searchTextOf,
        titleOf: (record) => t(`${area}.title`, { number: record.number }),
        subtitleOf,
        sorts,
        filters,
      }}
      form={form}
    />
  );
}
