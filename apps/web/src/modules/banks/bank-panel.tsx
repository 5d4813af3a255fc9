import { useRef, useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, type BankView, type SupplierView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import {
  ArchiveButton,
  ArchivedBadge,
  DetailGrid,
  RecordPanel,
  useArchiveRecord,
} from '../../ui/record-panel';
import { AnchorLink } from '../../ui/router-link';
import { BankForm } from './bank-form';
import { formatMoney, isDefaultBank } from './banks-list';

function BankDetails({
  bank,
  suppliers,
}: {
  bank: BankView;
  suppliers: readonly SupplierView[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { building, href } = useBuildingShell();
  const supplier = suppliers?.find((s) => s.uuid === bank.supplierAccount);
  return (
    <DetailGrid
      rows={[
        { label: t('banks.accountType'), value: t(`banks.accountTypes.${bank.bankAccountType}`) },
        { label: t('banks.number'), value: bank.number },
        { label: t('banks.ledgerAccount'), value: String(bank.aid) },
        {
          label: t('banks.startingBalance'),
          value: formatMoney(bank.startingBalance, building.currency, languageOf(i18n.language)),
        },
        {
          label: t('banks.supplierAccount'),
          value: supplier && (
            <AnchorLink to={href(`suppliers/info/${supplier.uuid}`)} size="sm">
              {supplier.name}
            </AnchorLink>
          ),
        },
        {
          label: t('banks.notes'),
          wide: true,
          value: bank.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {bank.notes}
            </Text>
          ),
        },
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
  const { t } = useTranslation();
  const { building, can, readOnly } = useBuildingShell();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const archive = useArchiveRecord<BankView>('banks', 'banks');
  const canWrite = can('finance.write') && !readOnly;
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const actions =
    canWrite && !editing ? (
      <>
        <Button
          ref={editButton}
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {t('banks.edit')}
        </Button>
        <ArchiveButton
          ns="banks"
          archived={bank.archived}
          pending={archive.pending}
          onClick={() => archive.ask(bank, bank.name)}
        />
      </>
    ) : undefined;

  return (
    <RecordPanel
      title={bank.name}
      badges={
        <>
          {isDefaultBank(bank, building.defaultBankAccountAID) && <DefaultBankBadge />}
          {bank.archived && <ArchivedBadge />}
        </>
      }
      actions={actions}
    >
      {editing ? (
        <BankForm bank={bank} suppliers={suppliers} onSaved={stopEditing} onCancel={stopEditing} />
      ) : (
        <BankDetails bank={bank} suppliers={suppliers} />
      )}
    </RecordPanel>
  );
}
