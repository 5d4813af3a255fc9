import {
  lockerCreateSchema,
  lockerEditSchema,
  parkingCreateSchema,
  parkingEditSchema,
  type LockerCreate,
  type LockerEdit,
  type ParkingCreate,
  type ParkingEdit,
} from '@copro/domain';
import { missingReferences } from './references';
import type { CollectionDef } from './records';
import { assignedProblem } from './units';

type Renter = { personUuid?: string; unitUuid?: string };

export const parkingCollection: CollectionDef<ParkingCreate, ParkingEdit> = {
  collection: 'parkings',
  entity: 'parking',
  createSchema: parkingCreateSchema,
  editSchema: parkingEditSchema,
  editableFields: Object.keys(parkingEditSchema.shape),
  numberOf: (input) => input.number,
  columnFields: ['number'],
  initialData: { monthlyContributions: 0 },
  labelOf: (row) => row.number ?? '',
  // A parking is rented to a person and/or a unit of the same year.
  check: async (tx, scope, data) => {
    const renter = (data.renter as Renter | undefined) ?? {};
    return [
      ...(renter.personUuid
        ? await missingReferences(tx, scope, 'people', [
            { uuid: renter.personUuid, path: ['renter', 'personUuid'] },
          ])
        : []),
      ...(renter.unitUuid
        ? await missingReferences(tx, scope, 'units', [
            { uuid: renter.unitUuid, path: ['renter', 'unitUuid'] },
          ])
        : []),
    ];
  },
  archiveProblem: (tx, scope, uuid) => assignedProblem(tx, scope, 'parkings', uuid),
};

export const lockerCollection: CollectionDef<LockerCreate, LockerEdit> = {
  collection: 'lockers',
  entity: 'locker',
  createSchema: lockerCreateSchema,
  editSchema: lockerEditSchema,
  editableFields: Object.keys(lockerEditSchema.shape),
  numberOf: (input) => input.number,
  columnFields: ['number'],
  initialData: { monthlyContributions: 0 },
  labelOf: (row) => row.number ?? '',
  archiveProblem: (tx, scope, uuid) => assignedProblem(tx, scope, 'lockers', uuid),
};
