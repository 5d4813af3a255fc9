import { TextInput, type TextInputProps } from '@mantine/core';
import { useBuildingShell } from '../app/shell/building-context';

/** An amount typed in dollars (French or English decimals), aligned right, the building's currency beside it. */
export function MoneyInput(props: Omit<TextInputProps, 'type'>) {
  const { building } = useBuildingShell();
  return (
    <TextInput
      required
      inputMode="decimal"
      autoComplete="off"
      rightSection={building.currency}
      rightSectionWidth={52}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}
