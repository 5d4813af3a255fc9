/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { peopleModule } from './people/people-module';
export { RecordLink } from './record-link';
export { RecordSelect } from './record-select';
export { useRecords } from './registry-api';
export { RegistryCard } from './registry-card';
export { NameInput, RegistryForm } from './registry-form';
export { RegistryPage } from './registry-page';
export { personOption, searchFilter } from './units/person-links';
export { DetailCard, formatDay } from './units/record-parts';
export { formatFileSize } from './units/record-parts';
export { personName, sortedPeople } from './units/unit-list';
export { unitsAdminModule, unitsModule } from './units/units-module';
export { useUnitList } from './units/use-unit-list';
export { useRegistryForm } from './use-registry-form';
