import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  bankAccountTypes,
  bankSchema,
  dropEmpty,
  formatCents,
  languageOf,
  parseCents,
  type BankView,
  type Language,
  type SupplierView,
} from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { validateWith, type FormErrors } from '../../ui/form-validation';
import { Translated } from '../../ui/translated';
import { NotesField } from '../../ui/notes-field';
import { RecordSelect } from '../registry';
import { NameInput, RegistryForm } from '../registry';
import { useRegistryForm } from '../registry';
import { FundSelect, fundChoiceOf } from '../statements';
import { bankName } from './banks-list';

interface BankFormValues {
  name: string;
  bankAccountType: string;
  number: string;
  /** As typed: "1234,56" in French, "1234.56" in English. */
  startingBalance: string;
  supplierAccount: string;
  fund: string;
  notes: string;
}

const valuesOf = (bank: BankView | undefined, language: Language): BankFormValues => ({
  name: bank?.name ?? '',
  bankAccountType: bank?.bankAccountType ?? 'checking',
  number: bank?.number ?? '',
  startingBalance: formatCents(bank?.startingBalance ?? 0, language),
  supplierAccount: bank?.supplierAccount ?? '',
  fund: fundChoiceOf(bank),
  notes: bank?.notes ?? '',
});

/** The API takes the balance in cents; text that is no amount is caught before (see validate). */
const bodyOf = (values: BankFormValues) =>
  dropEmpty({ ...values, startingBalance: parseCents(values.startingBalance) ?? undefined });

const schemaErrors = validateWith<ReturnType<typeof bodyOf>>(bankSchema);

function validate(values: BankFormValues): FormErrors {
  const errors = schemaErrors(bodyOf(values));
  if (values.startingBalance.trim() !== '' && parseCents(values.startingBalance) === null)
    errors.startingBalance = <Translated k="banks.invalidAmount" />;
  return errors;
}

export function BankForm({
  bank,
  suppliers,
  onSaved,
  onCancel,
}: {
  bank?: BankView;
  /** The year's suppliers, when the user may read them; else the supplier account is kept as it is. */
  suppliers: readonly SupplierView[] | undefined;
  onSaved: (saved: BankView) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  const { form, save } = useRegistryForm({
    ns: 'banks',
    record: bank,
    valuesOf,
    validate,
    bodyOf,
    nameOf: bankName,
    onSaved,
  });

  return (
    <RegistryForm ns="banks" save={save} onCancel={onCancel}>
      <NameInput label={t('banks.name')} {...form.text('name')} />
      <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="xs" verticalSpacing="xs">
        <NativeSelect
          label={t('banks.accountType')}
          required
          data={bankAccountTypes.map((type) => ({ value: type, label: t(`banks.accountTypes.${type}`) }))}
          {...form.text('bankAccountType')}
        />
        <TextInput label={t('banks.number')} autoComplete="off" {...form.text('number')} />
        <TextInput
          label={t('banks.startingBalance')}
          description={t('banks.amountHint', { example: formatCents(123456, language) })}
          required
          inputMode="decimal"
          autoComplete="off"
          rightSection={building.currency}
          rightSectionWidth={52}
          {...form.text('startingBalance')}
        />
        <FundSelect description={t('fundChoice.bankHint')} {...form.text('fund')} />
        {suppliers && (
          <RecordSelect
            field={form.field<string>('supplierAccount')}
            records={suppliers}
            label={t('banks.supplierAccount')}
            description={t('banks.supplierAccountHint')}
            placeholder={t('banks.noSupplierAccount')}
            nothingFoundMessage={t('banks.noSupplierFound')}
          />
        )}
      </SimpleGrid>
      <NotesField label={t('banks.notes')} {...form.text('notes')} />
    </RegistryForm>
  );
}
