/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { registryReportsModule } from './registry-reports-module';
export { ReportCard, ReportFrame, ReportTablePreview } from './report-card';
export { ReportDateControls, ReportRecordSelect } from './report-controls';
export { receivablesReports, yearReportUrl, type ReportFormat, type ReportParams } from './report-url';
