import { useTranslation } from 'react-i18next';
import type { PadOrderView } from '@copro/domain';

/** How an order is named in a sentence: its unit and payer, or the supplier it pays. */
export function useOrderTitle() {
  const { t } = useTranslation();
  return (order: Pick<PadOrderView, 'direction' | 'unitNumber' | 'name'>): string =>
    order.direction === 'debit' && order.unitNumber
      ? t('otonomPages.orders.unitPayer', { number: order.unitNumber, name: order.name })
      : order.name;
}
