import { useState } from 'react';
import { useBuildingShell } from '../../../app/shell/building-context';
import { AccountLedger } from '../../ledger';
import type { LedgerFilters } from '../../ledger';
import { AccountPeriodsBar } from './account-periods-bar';
import { currentAccount, shownAid } from './account-periods';
import { StatementButton } from './statement-dialog';
import { UnitActionsMenu } from './unit-actions-menu';
import { useUnitAccounts } from './unit-accounts-api';

/**
 * A unit's ledger on units/transactions: the account of the ownership period picked (the current
 * one at first), the statement of account for every reader, and the finance writers' entries.
 */
export function UnitLedger({
  unitUuid,
  unitAid,
  name,
  filters,
  onFiltersChange,
  page,
  onPageChange,
}: {
  unitUuid: string;
  /** The unit's current account, as its record says. */
  unitAid: number;
  name: string;
  filters: LedgerFilters;
  onFiltersChange: (filters: LedgerFilters) => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const shell = useBuildingShell();
  const canWrite = shell.can('finance.write') && !shell.readOnly;
  const accounts = useUnitAccounts(unitUuid);
  const list = accounts.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const aid = shownAid(list, chosen, unitAid);
  const isFormer = list.length > 0 && aid !== currentAccount(list)?.aid;

  return (
    <AccountLedger
      type="units"
      aid={aid}
      name={name}
      filters={filters}
      onFiltersChange={onFiltersChange}
      page={page}
      onPageChange={onPageChange}
      actions={
        <>
          <StatementButton unitUuid={unitUuid} unitTitle={name} aid={isFormer ? aid : undefined} />
          {canWrite && <UnitActionsMenu unitUuid={unitUuid} unitTitle={name} />}
        </>
      }
      header={
        list.length > 1 && (
          <AccountPeriodsBar
            unitUuid={unitUuid}
            accounts={list}
            aid={aid}
            onAidChange={(next) => {
              setChosen(next);
              onPageChange(1);
            }}
          />
        )
      }
    />
  );
}
