/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { collectionRoutes } from './collection-routes';
export { lockerCollection, parkingCollection } from './parkings';
export { personCollection, personName } from './people';
export { personViews } from './people-views';
export { ownerLinksOn, personRecipients } from './person-recipients';
export {
  createRecord,
  editRecord,
  findRecord,
  findRecords,
  listRecords,
  recordsOfYear,
  recordView,
  setMonthlyContribution,
  setRecordAccount,
} from './records';
export type { CollectionDef, RecordRow } from './records';
export { missingReferences } from './references';
export { registryRoutes } from './routes';
export { unitCollection, unitViews } from './units';
