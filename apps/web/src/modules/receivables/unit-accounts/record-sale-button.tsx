import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconHomeDollar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RecordFormModal } from '../../../ui/record-panel';
import { SaleForm } from './sale-form';

/** "Record a sale" where a manager looks at a unit (units/info); the same dialog as on its ledger. */
export function RecordSaleButton({ unitUuid, unitTitle }: { unitUuid: string; unitTitle: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconHomeDollar size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('unitActions.items.sale')}
      </Button>
      <RecordFormModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('unitActions.titles.sale', { unit: unitTitle })}
      >
        <SaleForm unitUuid={unitUuid} unitTitle={unitTitle} onDone={() => setOpened(false)} />
      </RecordFormModal>
    </>
  );
}
