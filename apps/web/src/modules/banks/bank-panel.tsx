import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf, type BankView, type SupplierView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { formatMoney } from '../../ui/format';
import { DetailGrid, notesRow } from '../../ui/record-panel';
import { RecordLink } from '../registry';
import { RegistryCard } from '../registry';
import { fundChoiceOf, useFundName } from '../statements';
import { BankForm } from './bank-form';
import { isDefaultBank } from './banks-list';

function BankDetails({
  bank,
  suppliers,
}: {
  bank: BankView;
  suppliers: readonly SupplierView[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { building } = useBuildingShell();
  const fundName = useFundName();
  const supplier = suppliers?.find((s) => s.uuid === bank.supplierAccount);
  return (
    <DetailGrid
      rows={[
        { label: t('banks.accountType'), value: t(`banks.accountTypes.${bank.bankAccountType}`) },
        { label: t('banks.number'), value: bank.number },
        { label: t('banks.ledgerAccount'), value: String(bank.aid) },
        { label: t('fundChoice.label'), value: fundName(fundChoiceOf(bank)) },
        {
          label: t('banks.startingBalance'),
          value: formatMoney(bank.startingBalance, building.currency, languageOf(i18n.language)),
        },
        {
          label: t('banks.supplierAccount'),
          value: supplier && <RecordLink ns="suppliers" record={supplier} />,
        },
        notesRow(t('banks.notes'), bank.notes),
      ]}
    />
  );
}

export function DefaultBankBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="teal">
      {t('banks.defaultAccount')}
    </Badge>
  );
}

export function BankPanel({
  bank,
  suppliers,
}: {
  bank: BankView;
  suppliers: readonly SupplierView[] | undefined;
}) {
  const { building } = useBuildingShell();
  return (
    <RegistryCard
      ns="banks"
      record={bank}
      title={bank.name}
      badges={isDefaultBank(bank, building.defaultBankAccountAID) && <DefaultBankBadge />}
      form={(done) => <BankForm bank={bank} suppliers={suppliers} onSaved={done} onCancel={done} />}
    >
      <BankDetails bank={bank} suppliers={suppliers} />
    </RegistryCard>
  );
}
