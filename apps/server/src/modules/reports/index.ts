/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { reportContext, tablesOf } from './report-data';
export type { ReportDocument, ReportTableDocument } from './report-data';
export { reportFiles } from './report-files';
export { reportJson } from './report-json';
export { reportRoutes } from './routes';
