/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { MaintenanceScreen } from './system/maintenance-screen';
export { NotFoundPage } from './system/not-found-page';
export { systemRoutes } from './system/routes';
