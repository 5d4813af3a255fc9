import type { FiscalYearInfo, PadOrderView } from '@copro/domain';
import { buildingHref } from '../../app/shell/building-paths';

/** What an order posted in the ledger, each shown from its account's page. */
export type LedgerLinkKind = 'payment' | 'reversal' | 'fee';

export interface LedgerLink {
  kind: LedgerLinkKind;
  href: string;
}

/** The fiscal year a day falls in (latest first, as the shell lists them). */
export const fiscalYearOf = (years: readonly FiscalYearInfo[], date: string): FiscalYearInfo | undefined =>
  years.find((year) => year.startDate <= date && date <= year.endDate);

/**
 * SPEC 2's transaction links of an order (`{type}/transactions/{uuid}` in the fiscal year the
 * transaction belongs to; the latest year is left out of the address): the payment is dated the
 * order's due date, its reversal and fee the day of the return. A unit's debit is seen from the
 * units' ledger, a supplier's payment from the suppliers'.
 */
export function ledgerLinks(
  order: PadOrderView,
  building: { buildingRef: string },
  years: readonly FiscalYearInfo[],
): LedgerLink[] {
  const type = order.direction === 'debit' ? 'units' : 'suppliers';
  const latest = years[0]?.startDate;
  const href = (uuid: string, date: string | null) => {
    const year = date ? fiscalYearOf(years, date)?.startDate : undefined;
    return buildingHref(
      building.buildingRef,
      year === latest ? undefined : year,
      `${type}/transactions/${uuid}`,
    );
  };
  const back = order.returnedOn;
  const links: LedgerLink[] = [];
  if (order.transactionUuid)
    links.push({ kind: 'payment', href: href(order.transactionUuid, order.dueDate) });
  if (order.reversalUuid) links.push({ kind: 'reversal', href: href(order.reversalUuid, back) });
  if (order.feeUuid) links.push({ kind: 'fee', href: href(order.feeUuid, back) });
  return links;
}

/** The account page of the order's unit or supplier, in the year viewed. */
export function counterpartPath(order: Pick<PadOrderView, 'unitUuid' | 'supplierUuid'>): string | null {
  if (order.unitUuid) return `units/transactions/${order.unitUuid}`;
  if (order.supplierUuid) return `suppliers/transactions/${order.supplierUuid}`;
  return null;
}
