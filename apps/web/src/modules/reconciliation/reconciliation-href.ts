import { useBuildingShell } from '../../app/shell/building-context';

/** The address of the reconciliation page, of a bank's periods, or of one of its periods. */
export function useReconciliationHref() {
  const { href } = useBuildingShell();
  return (bankUuid?: string, periodUuid?: string): string =>
    href(bankUuid ? `banks/reconciliation/${bankUuid}` : 'banks/reconciliation') +
    (periodUuid ? `?period=${encodeURIComponent(periodUuid)}` : '');
}
