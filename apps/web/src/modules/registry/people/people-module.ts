import type { BuildingModule } from '../../../app/shell/building-modules';
import { peopleRoutes } from './routes';

/** Owners and residents: the people of the registry (SPEC 2 people/info). */
export const peopleModule: BuildingModule = {
  name: 'people',
  tabs: [{ section: 'people', path: 'people/info', labelKey: 'people.tab', permission: 'people.read' }],
  routes: peopleRoutes,
};
