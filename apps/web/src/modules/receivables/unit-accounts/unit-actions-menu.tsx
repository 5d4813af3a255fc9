import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import {
  IconCash,
  IconChevronDown,
  IconFileInvoice,
  IconGavel,
  IconHomeDollar,
  IconReceiptRefund,
  IconRepeat,
} from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormModal } from '../../../ui/record-panel';
import { ChargeForm } from './charge-form';
import { PaymentForm } from './payment-form';
import { PenaltyChargeForm } from './penalty-charge-form';
import { SaleForm } from './sale-form';
import { startsNewSection, unitActions, type UnitAction } from './unit-actions';

const icons: Record<UnitAction, ReactNode> = {
  payment: <IconCash size={16} aria-hidden />,
  preAuthorized: <IconRepeat size={16} aria-hidden />,
  invoice: <IconFileInvoice size={16} aria-hidden />,
  creditNote: <IconReceiptRefund size={16} aria-hidden />,
  penalty: <IconGavel size={16} aria-hidden />,
  sale: <IconHomeDollar size={16} aria-hidden />,
};

/** The finance writers' entries on a unit's ledger (DOMAIN 4, 5, 6), each in its own dialog. */
export function UnitActionsMenu({ unitUuid, unitTitle }: { unitUuid: string; unitTitle: string }) {
  const { t } = useTranslation();
  // The action stays set while the dialog fades out, so its content does not vanish first.
  const [dialog, setDialog] = useState<{ action: UnitAction; opened: boolean } | null>(null);
  const close = () => setDialog((current) => current && { ...current, opened: false });

  const form = (action: UnitAction) => {
    switch (action) {
      case 'payment':
        return <PaymentForm unitUuid={unitUuid} method="cash" onDone={close} />;
      case 'preAuthorized':
        return <PaymentForm unitUuid={unitUuid} method="pre-authorized-debit" onDone={close} />;
      case 'invoice':
        return <ChargeForm unitUuid={unitUuid} kind="unitInvoice" onDone={close} />;
      case 'creditNote':
        return <ChargeForm unitUuid={unitUuid} kind="unitCreditNote" onDone={close} />;
      case 'penalty':
        return <PenaltyChargeForm unitUuid={unitUuid} onDone={close} />;
      case 'sale':
        return <SaleForm unitUuid={unitUuid} unitTitle={unitTitle} onDone={close} />;
    }
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={300}>
        <Menu.Target>
          <Button size="xs" rightSection={<IconChevronDown size={14} aria-hidden />}>
            {t('unitActions.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {unitActions.map((action) => (
            <Fragment key={action}>
              {startsNewSection(action) && <Menu.Divider />}
              <Menu.Item leftSection={icons[action]} onClick={() => setDialog({ action, opened: true })}>
                {t(`unitActions.items.${action}`)}
              </Menu.Item>
            </Fragment>
          ))}
        </Menu.Dropdown>
      </Menu>
      <RecordFormModal
        opened={dialog?.opened ?? false}
        onClose={close}
        title={dialog ? t(`unitActions.titles.${dialog.action}`, { unit: unitTitle }) : ''}
      >
        {dialog && form(dialog.action)}
      </RecordFormModal>
    </>
  );
}
