import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckInput,
  CheckSeriesSave,
  CheckView,
  DepositInput,
  DepositView,
  ReturnedCheckInput,
  ReturnedElectronicPaymentInput,
  WireTransferInput,
  WireTransferView,
} from '@copro/domain';
import { api } from '../../app/api';
import { useBuildingShell } from '../../app/shell/building-context';
import type { TransactionView } from '../transactions/transactions-api';
import { depositQuery, type DepositFilters } from './deposit-values';

export const yearUrl = (buildingRef: string, fiscalYear: string): string =>
  `/api/buildings/${encodeURIComponent(buildingRef)}/fiscal-years/${encodeURIComponent(fiscalYear)}`;

/**
 * Deposits and transfers are keyed under 'transactions': each posts one (a returned check too),
 * and the live events of that collection refresh these lists wherever they are open. Checks are
 * keyed under 'checks', announced when one is recorded, changed, deposited or returned.
 */
const paymentsKey = (buildingRef: string, fiscalYear: string) =>
  ['building', buildingRef, 'transactions', fiscalYear, 'payments'] as const;
const checksKey = (buildingRef: string, fiscalYear: string) =>
  ['building', buildingRef, 'checks', fiscalYear] as const;

function usePaymentsScope() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return {
    ref,
    year,
    base: yearUrl(ref, year),
    key: paymentsKey(ref, year),
    checksKey: checksKey(ref, year),
  };
}

/** Every check of the year; the pages filter them (a few hundred at most). */
export function useChecks() {
  const { base, checksKey } = usePaymentsScope();
  return useQuery({
    queryKey: checksKey,
    queryFn: ({ signal }) => api<CheckView[]>(`${base}/checks`, { signal }),
  });
}

export function useDeposits(filters: DepositFilters) {
  const { base, key } = usePaymentsScope();
  return useQuery({
    queryKey: [...key, 'deposits', filters],
    queryFn: ({ signal }) => api<DepositView[]>(`${base}/deposits?${depositQuery(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWireTransfers(period: { from: string; to: string }) {
  const { base, key } = usePaymentsScope();
  return useQuery({
    queryKey: [...key, 'wire-transfers', period],
    queryFn: ({ signal }) =>
      api<WireTransferView[]>(`${base}/wire-transfers?${depositQuery({ bankUuid: '', ...period })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The deposit slip and the list as a spreadsheet: plain links, downloaded with the session cookie. */
export function usePaymentFiles() {
  const { base } = usePaymentsScope();
  return {
    slip: (depositUuid: string) => `${base}/deposits/${encodeURIComponent(depositUuid)}/slip`,
    depositsExport: (format: 'xlsx' | 'csv', filters: DepositFilters) =>
      `${base}/deposits/export?${depositQuery(filters, { format })}`,
  };
}

/** What each write sends: its body, and the check it changes. */
interface WriteBodies {
  check: { body: CheckInput };
  editCheck: { uuid: string; body: CheckInput };
  deleteCheck: { uuid: string };
  series: { body: CheckSeriesSave };
  deposit: { body: DepositInput };
  returnedCheck: { body: ReturnedCheckInput };
  wireTransfer: { body: WireTransferInput };
  returnedPayment: { body: ReturnedElectronicPaymentInput };
}

/** What the server answers to each. */
interface WriteAnswers {
  check: CheckView;
  editCheck: CheckView;
  deleteCheck: null;
  series: CheckView[];
  deposit: DepositView;
  returnedCheck: { reversal: TransactionView; fee: TransactionView | null };
  wireTransfer: TransactionView;
  returnedPayment: TransactionView;
}

type WriteKind = keyof WriteBodies;

const checkUrl = (base: string, uuid: string): string => `${base}/checks/${encodeURIComponent(uuid)}`;
const post = <T>(url: string, body: unknown): Promise<T> => api<T>(url, { method: 'POST', body });

const requests: { [K in WriteKind]: (base: string, write: WriteBodies[K]) => Promise<WriteAnswers[K]> } = {
  check: (base, write) => post(`${base}/checks`, write.body),
  editCheck: (base, write) => api(checkUrl(base, write.uuid), { method: 'PUT', body: write.body }),
  deleteCheck: (base, write) => api(checkUrl(base, write.uuid), { method: 'DELETE' }),
  series: (base, write) => post(`${base}/checks/series`, write.body),
  deposit: (base, write) => post(`${base}/deposits`, write.body),
  returnedCheck: (base, write) => post(`${base}/returned-checks`, write.body),
  wireTransfer: (base, write) => post(`${base}/wire-transfers`, write.body),
  returnedPayment: (base, write) => post(`${base}/returned-electronic-payments`, write.body),
};

/**
 * One of the payments writes, typed by its kind. Afterwards (a refusal too: someone else may
 * have deposited the check meanwhile) this user's lists and ledgers refresh at once, without
 * waiting for the live event.
 */
export function usePaymentWrite<K extends WriteKind>(kind: K) {
  const { ref, base } = usePaymentsScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: WriteBodies[K]) => requests[kind](base, write),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] });
      void queryClient.invalidateQueries({ queryKey: ['building', ref, 'checks'] });
    },
  });
}
