import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  checkViewSchema,
  depositViewSchema,
  noContentSchema,
  returnedCheckAnswerSchema,
  transactionViewSchema,
  wireTransferViewSchema,
  type CheckInput,
  type CheckSeriesSave,
  type DepositInput,
  type ReturnedCheckInput,
  type ReturnedElectronicPaymentInput,
  type WireTransferInput,
} from '@copro/domain';
import { api } from '../../../app/api';
import { useIdempotencyKeys } from '../../../app/idempotency-key';
import { useBuildingShell } from '../../../app/shell/building-context';
import { depositQuery, type DepositFilters } from './deposit-values';
import { yearUrl } from '../../../app/api-paths';

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
    queryFn: ({ signal }) => api(`${base}/checks`, { response: checkViewSchema.array(), signal }),
  });
}

export function useDeposits(filters: DepositFilters) {
  const { base, key } = usePaymentsScope();
  return useQuery({
    queryKey: [...key, 'deposits', filters],
    queryFn: ({ signal }) =>
      api(`${base}/deposits?${depositQuery(filters)}`, { response: depositViewSchema.array(), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWireTransfers(period: { from: string; to: string }) {
  const { base, key } = usePaymentsScope();
  return useQuery({
    queryKey: [...key, 'wire-transfers', period],
    queryFn: ({ signal }) =>
      api(`${base}/wire-transfers?${depositQuery({ bankUuid: '', ...period })}`, {
        response: wireTransferViewSchema.array(),
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

type WriteKind = keyof WriteBodies;

const checkUrl = (base: string, uuid: string): string => `${base}/checks/${encodeURIComponent(uuid)}`;

/** A new payment or check: sent with the form's retry key, so a second click writes nothing more. */
const post = <S extends z.ZodType>(url: string, response: S, body: unknown, idempotencyKey: string) =>
  api(url, { response, method: 'POST', body, idempotencyKey });

const requests = {
  check: (base: string, write: WriteBodies['check'], key: string) =>
    post(`${base}/checks`, checkViewSchema, write.body, key),
  editCheck: (base: string, write: WriteBodies['editCheck']) =>
    api(checkUrl(base, write.uuid), { response: checkViewSchema, method: 'PUT', body: write.body }),
  deleteCheck: (base: string, write: WriteBodies['deleteCheck']) =>
    api(checkUrl(base, write.uuid), { response: noContentSchema, method: 'DELETE' }),
  series: (base: string, write: WriteBodies['series'], key: string) =>
    post(`${base}/checks/series`, checkViewSchema.array(), write.body, key),
  deposit: (base: string, write: WriteBodies['deposit'], key: string) =>
    post(`${base}/deposits`, depositViewSchema, write.body, key),
  returnedCheck: (base: string, write: WriteBodies['returnedCheck'], key: string) =>
    post(`${base}/returned-checks`, returnedCheckAnswerSchema, write.body, key),
  wireTransfer: (base: string, write: WriteBodies['wireTransfer'], key: string) =>
    post(`${base}/wire-transfers`, transactionViewSchema, write.body, key),
  returnedPayment: (base: string, write: WriteBodies['returnedPayment'], key: string) =>
    post(`${base}/returned-electronic-payments`, transactionViewSchema, write.body, key),
};

/** What the server answers to each write: the output of its route's response schema. */
type WriteAnswers = { [K in WriteKind]: Awaited<ReturnType<(typeof requests)[K]>> };

const typedRequests: {
  [K in WriteKind]: (base: string, write: WriteBodies[K], key: string) => Promise<WriteAnswers[K]>;
} = requests;

/**
 * One of the payments writes, typed by its kind. Each sends an idempotency key: a double click
 * or a retry of the same values is written once. Afterwards (a refusal too: someone else may
 * have deposited the check meanwhile) this user's lists and ledgers refresh at once, without
 * waiting for the live event.
 */
export function usePaymentWrite<K extends WriteKind>(kind: K) {
  const { ref, base } = usePaymentsScope();
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (write: WriteBodies[K]) => typedRequests[kind](base, write, keys.keyFor(write)),
    onSuccess: () => keys.saved(),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] });
      void queryClient.invalidateQueries({ queryKey: ['building', ref, 'checks'] });
    },
  });
}
