import type { ChangeEvent, ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { useBuildingShell } from '../../app/shell/building-context';

/** An amount typed in dollars (French or English decimals), aligned right, the currency beside it. */
export function MoneyInput({
  label,
  value,
  onChange,
  error,
  disabled,
  required = true,
  ariaLabel,
}: {
  label?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  ariaLabel?: string;
}) {
  const { building } = useBuildingShell();
  return (
    <TextInput
      label={label}
      aria-label={ariaLabel}
      required={required}
      inputMode="decimal"
      autoComplete="off"
      rightSection={building.currency}
      rightSectionWidth={48}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
    />
  );
}
