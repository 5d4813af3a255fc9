import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, localeOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatDay } from '../../../app/shell/fiscal-years';
import { formatDateTime, formatMoney, formatPercentage } from '../../../ui/format';

/** How the budget's amounts, days, months and shares read in the user's language and the building's currency. */
export function useBudgetFormat() {
  const { i18n } = useTranslation();
  const { building } = useBuildingShell();
  const language = languageOf(i18n.language);
  return useMemo(() => {
    const locale = localeOf(language);
    const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    return {
      language,
      money: (cents: number) => formatMoney(cents, building.currency, language),
      day: (isoDate: string) => formatDay(isoDate, language),
      moment: (timestamp: string) => formatDateTime(timestamp, language),
      percent: (share: number) => formatPercentage(share, language, 2),
      /** '2026-03-01' or '2026-03' → "Mar 2026" (« mars 2026 »); anything else as it is. */
      month: (value: string) => {
        const first = new Date(`${value.slice(0, 7)}-01T00:00:00Z`);
        return Number.isNaN(first.getTime()) ? value : month.format(first);
      },
    };
  }, [language, building.currency]);
}
