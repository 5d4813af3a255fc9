import type { ReactNode } from 'react';
import { Group, Select, Text, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accountMatches, accountOptions, type AccountKind, type LedgerAccount } from './ledger-accounts';
import { useAccountNames } from './use-account-names';

// Searches the name and the account number; a group stays while one of its accounts matches.
const filterAccounts: OptionsFilter = ({ options, search }) =>
  options.flatMap<ComboboxParsedItem>((option) => {
    if (!('group' in option)) return accountMatches(option, search) ? [option] : [];
    const items = option.items.filter((item) => accountMatches(item, search));
    return items.length > 0 ? [{ ...option, items }] : [];
  });

/** A searchable pick among the building's ledger accounts, grouped by kind; the value is the aid. */
export function AccountSelect({
  accounts,
  value,
  onChange,
  kinds,
  exclude,
  label,
  ariaLabel,
  description,
  error,
  required,
  disabled,
}: {
  accounts: readonly LedgerAccount[];
  value: string;
  onChange: (aid: string) => void;
  /** Only these kinds of accounts; all by default. */
  kinds?: readonly AccountKind[] | undefined;
  /** An account that cannot be picked here (the bank a transfer leaves). */
  exclude?: string | undefined;
  label?: string | undefined;
  ariaLabel?: string | undefined;
  description?: string | undefined;
  error?: ReactNode;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const names = useAccountNames();
  const data = accountOptions(
    accounts.filter((account) => (!kinds || kinds.includes(account.kind)) && String(account.aid) !== exclude),
    names,
  );
  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      description={description}
      placeholder={t('accounting.chooseAccount')}
      data={data}
      filter={filterAccounts}
      searchable
      nothingFoundMessage={t('accounting.noAccountFound')}
      maxDropdownHeight={320}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      required={required}
      disabled={disabled}
      renderOption={({ option }) => (
        <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {option.value}
          </Text>
        </Group>
      )}
    />
  );
}
