import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { formatDay } from '../../app/shell/fiscal-years';
import { formatMoney } from '../../ui/format';

/** Amounts in the building's currency and days, in the user's language. */
export function useReceivablesFormat() {
  const { i18n } = useTranslation();
  const { building } = useBuildingShell();
  const language = languageOf(i18n.language);
  return {
    money: (cents: number): string => formatMoney(cents, building.currency, language),
    day: (isoDate: string): string => formatDay(isoDate.slice(0, 10), language, 'medium'),
  };
}
