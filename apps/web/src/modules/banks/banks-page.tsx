import { useCallback, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BankView, SupplierView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { RecordBrowser } from '../../ui/record-browser';
import { EmptyPanel, RecordFormModal } from '../../ui/record-panel';
import { useRecords } from '../registry/registry-api';
import { BankForm } from './bank-form';
import { BankPanel } from './bank-panel';
import { bankSearchText, bankSorts, isDefaultBank } from './banks-list';
import { bankInfoRoute } from './routes';

const bankName = (bank: BankView): string => bank.name;

export function BanksPage() {
  const { t } = useTranslation();
  const { building, href, can, readOnly } = useBuildingShell();
  const { bankUUID } = bankInfoRoute.useParams();
  const navigate = useNavigate();
  const banks = useRecords<BankView>('banks');
  const canReadSuppliers = can('suppliers.read');
  const suppliers = useRecords<SupplierView>('suppliers', { enabled: canReadSuppliers });
  const [creating, setCreating] = useState(false);
  const canWrite = can('finance.write') && !readOnly;
  const hrefOf = useCallback((uuid?: string) => href(uuid ? `banks/info/${uuid}` : 'banks/info'), [href]);
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

  const selected = banks.data?.find((bank) => bank.uuid === bankUUID);
  const detail = selected ? (
    <BankPanel key={selected.uuid} bank={selected} suppliers={supplierList} />
  ) : (
    <EmptyPanel>
      {bankUUID
        ? t('registry.recordMissing')
        : banks.data?.length === 0
          ? t(canWrite ? 'banks.emptyCanCreate' : 'banks.empty')
          : t('banks.noneSelected')}
    </EmptyPanel>
  );

  return (
    <Page title={t('banks.title')}>
      <RecordBrowser
        label={t('banks.listLabel')}
        items={banks.data}
        error={banks.error}
        onRetry={() => void banks.refetch()}
        selectedUuid={bankUUID}
        hrefOf={hrefOf}
        searchTextOf={bankSearchText}
        titleOf={bankName}
        subtitleOf={subtitleOf}
        sorts={bankSorts}
        toolbar={
          canWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('banks.new')}
            </Button>
          )
        }
        detail={detail}
      />
      <RecordFormModal opened={creating} onClose={() => setCreating(false)} title={t('banks.new')}>
        <BankForm
          suppliers={supplierList}
          onCancel={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            void navigate({ href: hrefOf(saved.uuid) });
          }}
        />
      </RecordFormModal>
    </Page>
  );
}
