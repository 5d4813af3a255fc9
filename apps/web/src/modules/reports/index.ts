/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { registryReportsModule } from './registry-reports-module';
export { ReportCard } from './report-card';
export { receivablesReports } from './report-url';
