import type { PayablesReport, PayablesReportTable } from '@copro/domain';
import { spreadsheetMoneyFormat } from '../../../platform/documents/render-xlsx';
import type { ReportDocument } from '../../reports';
import type { PayablesReportContext } from './report-data';

/**
 * A payables report's table as a document to draw (PDF, spreadsheet, CSV), every word in the
 * reader's language, and its file name (without the extension).
 */
export function payablesReportDocument(
  ctx: PayablesReportContext,
  report: PayablesReport,
  table: PayablesReportTable,
  { about, fileSuffix }: { about?: string; fileSuffix: string },
): { document: ReportDocument; fileName: string } {
  const { t, building, language } = ctx;
  return {
    document: {
      title: t(`payablesReports.${report}.title`),
      subtitle: about === undefined ? ctx.subtitle : `${ctx.subtitle} · ${about}`,
      sheetName: t(`payablesReports.${report}.sheet`),
      columns: table.columns,
      rows: table.rows,
      totalRows: table.totalRows,
      moneyFormat: spreadsheetMoneyFormat(building.currency, language),
      emptyText: ctx.emptyText,
      pageLabel: ctx.pageLabel,
    },
    fileName: `${t(`payablesReports.${report}.file`)}-${fileSuffix}`,
  };
}
