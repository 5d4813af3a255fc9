/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { billingRoutes } from './billing/routes';
export { adminModule } from './building-admin/admin-module';
export { SaveBar } from './building-admin/save-bar';
export { buildingDashboardModule } from './building-dashboard/building-dashboard-module';
export { Facts } from './building-dashboard/facts';
export { dashboardRoutes } from './dashboard/routes';
