import type { BuildingModule } from '../../../app/shell/building-modules';
import { accountShellRoutes } from './building-routes';

/** The user's own account, reachable from every building and group (SPEC 2 "account"). */
export const accountModule: BuildingModule = {
  name: 'account',
  tabs: [{ section: 'account', path: 'account', labelKey: 'shell.tabs.account' }],
  routes: accountShellRoutes.building,
  groupTabs: [{ section: 'account', path: 'account', labelKey: 'shell.tabs.account' }],
  groupRoutes: accountShellRoutes.group,
};
