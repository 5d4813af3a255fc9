import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatDateTime, formatMoney } from '../../../ui/format';
import { formatDay, sourceName } from '../../../ui/ledger-format';
import type { LedgerSource } from '@copro/domain';

/** The ledger's amounts, days, instants and people, in the user's language and the building's currency. */
export function useLedgerFormat() {
  const { t, i18n } = useTranslation();
  const { building } = useBuildingShell();
  const language = languageOf(i18n.language);
  return {
    money: (cents: number): string => formatMoney(cents, building.currency, language),
    day: (isoDate: string): string => formatDay(isoDate, language),
    instant: (iso: string): string => formatDateTime(iso, language),
    source: (source: LedgerSource): string => {
      const name = sourceName(source);
      return name.kind === 'person' ? name.name : t(`transactions.sources.${name.kind}`);
    },
  };
}
