import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { RegistryPage } from '../registry';
import { useRecords } from '../registry';
import { BankForm } from './bank-form';
import { BankPanel } from './bank-panel';
import { bankName, bankSorts, isDefaultBank } from './banks-list';
import { bankInfoRoute } from './routes';

export function BanksPage() {
  const { t } = useTranslation();
  const { building, can } = useBuildingShell();
  const { bankUUID } = bankInfoRoute.useParams();
  const canReadSuppliers = can('suppliers.read');
  const suppliers = useRecords('suppliers', { enabled: canReadSuppliers });
  const supplierList = canReadSuppliers ? suppliers.data : undefined;
  const defaultAid = building.defaultBankAccountAID;

  const subtitleOf = useCallback(
    (bank: BankView) =>
      [
        isDefaultBank(bank, defaultAid) && t('banks.defaultAccount'),
        t(`banks.accountTypes.${bank.bankAccountType}`),
        bank.number,
      ]
        .filter(Boolean)
        .join(' · '),
    [t, defaultAid],
  );

  return (
    <RegistryPage
      ns="banks"
      uuid={bankUUID}
      list={{ titleOf: bankName, subtitleOf, sorts: bankSorts }}
      card={(bank) => <BankPanel bank={bank} suppliers={supplierList} />}
      createForm={(events) => <BankForm suppliers={supplierList} {...events} />}
    />
  );
}
