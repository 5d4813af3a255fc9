import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  localeOf,
  registryReport,
  translate,
  type Language,
  type RegistryReport,
  type ReportCell,
  type ReportColumn,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { fiscalYear } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { yearOf } from '../../platform/fiscal-year-scope';
import { requestToday } from '../../platform/request-clock';
import { buildingOf } from '../../platform/routes';
import { personViews } from '../registry';
import { listRecords } from '../registry';
import { unitViews } from '../registry';

/** One table of a report, its words already in the reader's language. */
export interface ReportTableDocument {
  /** Shown above the table when the report has several (the budget's revenues, expenses, fees). */
  heading?: string;
  /** A worksheet name: short, at most 31 characters. */
  sheetName: string;
  columns: { label: string; kind: ReportColumn['kind'] }[];
  rows: ReportCell[][];
  /** Indexes of the rows that sum up the others: drawn bold. */
  totalRows?: readonly number[];
}

/** A report ready to draw: every word already in the reader's language. */
export interface ReportDocument extends ReportTableDocument {
  title: string;
  /** Building, fiscal year and date generated. */
  subtitle: string;
  /** A line under the subtitle that the reader must not miss (a budget that is only a draft). */
  notice?: string;
  /** The tables after the first one, each under its heading and on its own worksheet. */
  sections?: ReportTableDocument[];
  /** The spreadsheet number format of money cells, in the reader's conventions and currency. */
  moneyFormat?: string;
  emptyText: string;
  /** "Page X of Y" in the reader's language. */
  pageLabel: (page: number | string, pages: number | string) => string;
}

/** Every table of a report, in order. */
export const tablesOf = (document: ReportDocument): ReportTableDocument[] => [
  document,
  ...(document.sections ?? []),
];

const yearName = (start: string, end: string): string =>
  start.slice(0, 4) === end.slice(0, 4) ? start.slice(0, 4) : `${start.slice(0, 4)}–${end.slice(0, 4)}`;

/**
 * What every report starts from: the year, its building, the reader's language and the headings.
 * The board package asks for another language: the building's.
 */
export async function reportContext(db: DbOrTx, req: FastifyRequest, language: Language = req.ctx.language) {
  const scope = await yearOf(db, req);
  const { building } = buildingOf(req);
  const [year] = await db
    .select({ endDate: fiscalYear.endDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (!year) throw new AppError('notFound');
  const today = requestToday(req);
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const generated = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${today}T00:00:00Z`));
  return {
    scope,
    building,
    language,
    today,
    /** The fiscal year's last day. */
    yearEnd: year.endDate,
    t,
    subtitle: t('reports.subtitle', {
      building: building.name,
      year: yearName(scope.fiscalYear, year.endDate),
      date: generated,
    }),
    emptyText: t('reports.empty'),
    pageLabel: (page: number | string, pages: number | string) => t('reports.page', { page, pages }),
  };
}

/** Loads the year's units and people and builds `report` in the reader's language. */
export async function reportDocument(
  db: DbOrTx,
  req: FastifyRequest,
  report: RegistryReport,
): Promise<{ document: ReportDocument; fileName: string }> {
  const { scope, language, today, t, subtitle, emptyText, pageLabel } = await reportContext(db, req);
  // Reports are for managers (the `reports` permission), so people come in full.
  const units = await unitViews(db, scope, await listRecords(db, scope, 'units'));
  const people = await personViews(db, scope, await listRecords(db, scope, 'people'), today);
  const table = registryReport(report, { units, people, today, language });
  return {
    document: {
      title: t(`reports.${report}.title`),
      subtitle,
      sheetName: t(`reports.${report}.sheet`),
      columns: table.columns.map((column) => ({ label: t(column.key), kind: column.kind })),
      rows: table.rows,
      emptyText,
      pageLabel,
    },
    fileName: `${t(`reports.${report}.file`)}-${today}`,
  };
}
