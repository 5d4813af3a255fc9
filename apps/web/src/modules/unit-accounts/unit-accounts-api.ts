import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckView,
  StatementPeriod,
  StatementView,
  UnitAccountView,
  UnitChargeInput,
  UnitPaymentInput,
  UnitPenaltyChargeInput,
  UnitReminderView,
  UnitSaleInput,
} from '@copro/domain';
import { api } from '../../app/api';
import { useBuildingShell } from '../../app/shell/building-context';
import type { TransactionView } from '../transactions/transactions-api';

const buildingUrl = (buildingRef: string): string => `/api/buildings/${encodeURIComponent(buildingRef)}`;
const yearUrl = (buildingRef: string, fiscalYear: string): string =>
  `${buildingUrl(buildingRef)}/fiscal-years/${encodeURIComponent(fiscalYear)}`;
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
      api<UnitReminderView[]>(`${unitUrl(ref, fiscalYear.startDate, unitUuid)}/reminders`, { signal }),
  });
}

export const unitAccountsQuery = (buildingRef: string, fiscalYear: string, unitUuid: string) =>
  queryOptions({
    queryKey: [...ledgerKey(buildingRef, fiscalYear), 'unit-accounts', unitUuid],
    queryFn: ({ signal }) =>
      api<UnitAccountView[]>(`${unitUrl(buildingRef, fiscalYear, unitUuid)}/accounts`, { signal }),
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
      api<StatementView>(
        `${unitUrl(ref, year, unitUuid)}/statement?${statementSearch(request ?? { from: '', to: '' }, 'json')}`,
        { signal },
      ),
    enabled: request !== null,
  });
}

export function useEmailStatement(unitUuid: string) {
  const { building, fiscalYear } = useBuildingShell();
  return useMutation({
    mutationFn: (period: StatementPeriod) =>
      api<{ sentTo: string[] }>(
        `${unitUrl(building.buildingRef, fiscalYear.startDate, unitUuid)}/statement/email`,
        { method: 'POST', body: period },
      ),
  });
}

export interface PaymentSaved {
  transaction: TransactionView | null;
  check: CheckView | null;
}

type UnitWrite =
  | { kind: 'payment'; body: UnitPaymentInput }
  | { kind: 'charge'; body: UnitChargeInput }
  | { kind: 'penalty'; body: UnitPenaltyChargeInput };

/**
 * A payment, an invoice or credit note, or a standard charge entered on the unit's page. Every
 * ledger page of the year refreshes after it (the bank's and the category's too), and the checks.
 */
export function useUnitWrite() {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useMutation({
    mutationFn: (write: UnitWrite): Promise<PaymentSaved | TransactionView> => {
      switch (write.kind) {
        case 'payment':
          return api<PaymentSaved>(`${yearUrl(ref, year)}/unit-payments`, {
            method: 'POST',
            body: write.body,
          });
        case 'charge':
          return api<TransactionView>(`${yearUrl(ref, year)}/unit-charges`, {
            method: 'POST',
            body: write.body,
          });
        case 'penalty':
          return api<TransactionView>(`${yearUrl(ref, year)}/unit-penalty-charges`, {
            method: 'POST',
            body: write.body,
          });
      }
    },
    onSuccess: (_saved, write) => {
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
        ? (await api<{ accounts: UnitAccountView[] }>(`${base}/sale`, { method: 'POST', body: write.body }))
            .accounts
        : api<UnitAccountView[]>(`${base}/accounts/${write.aid}/close`, { method: 'POST' }),
    onSuccess: (accounts) => {
      queryClient.setQueryData(unitAccountsQuery(ref, year, unitUuid).queryKey, accounts);
      void queryClient.invalidateQueries({ queryKey: ['building', ref, 'units'] });
      void queryClient.invalidateQueries({ queryKey: ledgerKey(ref, year) });
    },
  });
}
