import { queryOptions } from '@tanstack/react-query';
import { statementJsonSchema, type FinancialStatement, type Language } from '@copro/domain';
import { api } from '../../app/api';
import { statementUrl, type StatementParams } from './statement-query';

/**
 * A statement as the page shows it. Its words are in the reader's language, so the language is
 * part of the key; it follows the ledger's transactions (its key), and the names, funds and
 * budgets of the accounts it lists.
 */
export const statementQuery = (
  buildingRef: string,
  fiscalYear: string,
  statement: FinancialStatement,
  language: Language,
  params: StatementParams,
) =>
  queryOptions({
    queryKey: [
      'building',
      buildingRef,
      'transactions',
      'financial-statement',
      fiscalYear,
      statement,
      language,
      params,
    ],
    queryFn: ({ signal }) =>
      api(statementUrl(buildingRef, fiscalYear, statement, 'json', params), {
        response: statementJsonSchema,
        signal,
      }),
    meta: { liveCollections: ['banks', 'categories', 'units', 'suppliers', 'budgets'] },
  });
