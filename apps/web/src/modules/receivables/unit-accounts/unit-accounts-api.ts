import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentSavedSchema,
  statementEmailedSchema,
  statementViewSchema,
  transactionViewSchema,
  unitAccountViewSchema,
  unitReminderViewSchema,
  unitSaleAnswerSchema,
  type PaymentSaved,
  type StatementPeriod,
  type TransactionView,
  type UnitAccountView,
  type UnitChargeInput,
  type UnitPaymentInput,
  type UnitPenaltyChargeInput,
  type UnitSaleInput,
} from '@copro/domain';
import { api } from '../../../app/api';
import { useIdempotencyKeys } from '../../../app/idempotency-key';
import { useBuildingShell } from '../../../app/shell/building-context';
import { yearUrl } from '../../../app/api-paths';

const unitUrl = (buildingRef: string, fiscalYear: string, unitUuid: string): string =>
  `${yearUrl(buildingRef, fiscalYear)}/units/${encodeURIComponent(unitUuid)}`;

/**
 * Kept under the ledger's key ('transactions'): a payment, a sale or a cancelled line announced
 * by a live event refreshes the unit's accounts and statements along with its ledger.
 */
const ledgerKey = (buildingRef: string, fiscalYear: string) =>
  ['building', buildingRef, 'transactions', fiscalYear] as const;

/** The arrears reminders sent to the unit's owners, newest first (finance readers). */
export function useUnitReminders(unitUuid: string) {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: [...ledgerKey(ref, fiscalYear.startDate), 'reminders', unitUuid],
    queryFn: ({ signal }) =>
      api(`${unitUrl(ref, fiscalYear.startDate, unitUuid)}/reminders`, {
        response: unitReminderViewSchema.array(),
        signal,
      }),
  });
}

export const unitAccountsQuery = (buildingRef: string, fiscalYear: string, unitUuid: string) =>
  queryOptions({
    queryKey: [...ledgerKey(buildingRef, fiscalYear), 'unit-accounts', unitUuid],
    queryFn: ({ signal }) =>
      api(`${unitUrl(buildingRef, fiscalYear, unitUuid)}/accounts`, {
        response: unitAccountViewSchema.array(),
        signal,
      }),
  });

/** The unit's ownership periods, oldest first (an owner gets only the current one). */
export function useUnitAccounts(unitUuid: string) {
  const { building, fiscalYear } = useBuildingShell();
  return useQuery(unitAccountsQuery(building.buildingRef, fiscalYear.startDate, unitUuid));
}

export interface StatementRequest extends StatementPeriod {
  aid?: number;
}

/** The search of a statement's address; the account is named only when it is not the current one. */
export function statementSearch(request: StatementRequest, format: 'json' | 'pdf'): string {
  const search = new URLSearchParams({ from: request.from, to: request.to });
  if (request.aid !== undefined) search.set('aid', String(request.aid));
  search.set('format', format);
  return search.toString();
}

/** Where the statement's PDF is downloaded from. */
export function useStatementPdfUrl(unitUuid: string, request: StatementRequest): string {
  const { building, fiscalYear } = useBuildingShell();
  return `${unitUrl(building.buildingRef, fiscalYear.startDate, unitUuid)}/statement?${statementSearch(request, 'pdf')}`;
}

/** A statement of account, once a period is asked for. */
export function useStatement(unitUuid: string, request: StatementRequest | null) {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useQuery({
    queryKey: [...ledgerKey(ref, year), 'unit-statement', unitUuid, request],
    queryFn: ({ signal }) =>
      api(
        `${unitUrl(ref, year, unitUuid)}/statement?${statementSearch(request ?? { from: '', to: '' }, 'json')}`,
        { response: statementViewSchema, signal },
      ),
    enabled: request !== null,
  });
}

export function useEmailStatement(unitUuid: string) {
  const { building, fiscalYear } = useBuildingShell();
  return useMutation({
    mutationFn: (period: StatementPeriod) =>
      api(`${unitUrl(building.buildingRef, fiscalYear.startDate, unitUuid)}/statement/email`, {
        response: statementEmailedSchema,
        method: 'POST',
        body: period,
      }),
  });
}

type UnitWrite =
  | { kind: 'payment'; body: UnitPaymentInput }
  | { kind: 'charge'; body: UnitChargeInput }
  | { kind: 'penalty'; body: UnitPenaltyChargeInput };

/**
 * A payment, an invoice or credit note, or a standard charge entered on the unit's page, sent
 * with the form's retry key: a double click or a retry of the same values is written once. Every
 * ledger page of the year refreshes after it (the bank's and the category's too), and the checks.
 */
export function useUnitWrite() {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useMutation({
    mutationFn: (write: UnitWrite): Promise<PaymentSaved | TransactionView> => {
      const options = { method: 'POST', body: write.body, idempotencyKey: keys.keyFor(write) } as const;
      switch (write.kind) {
        case 'payment':
          return api(`${yearUrl(ref, year)}/unit-payments`, { response: paymentSavedSchema, ...options });
        case 'charge':
          return api(`${yearUrl(ref, year)}/unit-charges`, { response: transactionViewSchema, ...options });
        case 'penalty':
          return api(`${yearUrl(ref, year)}/unit-penalty-charges`, {
            response: transactionViewSchema,
            ...options,
          });
      }
    },
    onSuccess: (_saved, write) => {
      keys.saved();
      void queryClient.invalidateQueries({ queryKey: ledgerKey(ref, year) });
      if (write.kind === 'payment')
        void queryClient.invalidateQueries({ queryKey: ['building', ref, 'checks'] });
    },
  });
}

type AccountWrite = { kind: 'sale'; body: UnitSaleInput } | { kind: 'close'; aid: number };

/**
 * A sale (a new account for the new owners) or the closing of a former owner's account. The
 * answer is the unit's accounts as they now are; the unit's record (its current account) and
 * the ledger refresh behind it.
 */
export function useUnitAccountWrite(unitUuid: string) {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  const base = unitUrl(ref, year, unitUuid);
  return useMutation({
    mutationFn: async (write: AccountWrite): Promise<UnitAccountView[]> =>
      write.kind === 'sale'
        ? (await api(`${base}/sale`, { response: unitSaleAnswerSchema, method: 'POST', body: write.body }))
            .accounts
        : api(`${base}/accounts/${write.aid}/close`, {
            response: unitAccountViewSchema.array(),
            method: 'POST',
          }),
    onSuccess: (accounts) => {
      queryClient.setQueryData(unitAccountsQuery(ref, year, unitUuid).queryKey, accounts);
      void queryClient.invalidateQueries({ queryKey: ['building', ref, 'units'] });
      void queryClient.invalidateQueries({ queryKey: ledgerKey(ref, year) });
    },
  });
}
