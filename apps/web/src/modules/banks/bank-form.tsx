import { NativeSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
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
import { notifyError, notifySuccess } from '../../app/notify';
import { useBuildingShell } from '../../app/shell/building-context';
import { serverErrors, validateWith, type FormErrors } from '../../ui/form-validation';
import { compareText } from '../../ui/compare';
import { FormActions, useStoreRecord } from '../../ui/record-panel';
import { Translated } from '../../ui/translated';
import { useRecordForm } from '../../ui/use-record-form';
import { useRecordWrite } from '../registry/registry-api';

interface BankFormValues {
  name: string;
  bankAccountType: string;
  number: string;
  /** As typed: "1234,56" in French, "1234.56" in English. */
  startingBalance: string;
  supplierAccount: string;
  notes: string;
}

const valuesOf = (bank: BankView | undefined, language: Language): BankFormValues => ({
  name: bank?.name ?? '',
  bankAccountType: bank?.bankAccountType ?? 'checking',
  number: bank?.number ?? '',
  startingBalance: formatCents(bank?.startingBalance ?? 0, language),
  supplierAccount: bank?.supplierAccount ?? '',
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

/** The supplier accounts a bank may stand for; an archived one it already has stays listed. */
function supplierOptions(suppliers: readonly SupplierView[], current: string, archivedLabel: string) {
  return suppliers
    .filter((s) => !s.archived || s.uuid === current)
    .sort((a, b) => compareText(a.name, b.name))
    .map((s) => ({ value: s.uuid, label: s.archived ? `${s.name} (${archivedLabel})` : s.name }));
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
  const write = useRecordWrite<BankView>('banks');
  const store = useStoreRecord<BankView>('banks');
  const form = useRecordForm<BankFormValues>({ initialValues: valuesOf(bank, language), validate });
  const creating = bank === undefined;

  const send = (values: BankFormValues) => {
    const body = bodyOf(values);
    write.mutate(bank ? { kind: 'edit', uuid: bank.uuid, body } : { kind: 'create', body }, {
      onSuccess: (saved) => {
        store(saved);
        notifySuccess(t(creating ? 'banks.created' : 'banks.saved', { name: saved.name }));
        onSaved(saved);
      },
      onError: (error) => {
        form.setErrors(serverErrors(error));
        notifyError(error, t(creating ? 'banks.createFailed' : 'banks.saveFailed'));
      },
    });
  };

  const supplierAccount = form.field<string>('supplierAccount');
  return (
    <form
      onSubmit={form.onSubmit(send)}
      noValidate
      aria-label={t(creating ? 'banks.new' : 'banks.formTitle', { name: bank?.name })}
    >
      <Stack gap="md">
        <TextInput
          label={t('banks.name')}
          required
          autoComplete="off"
          autoFocus
          data-autofocus
          {...form.text('name')}
        />
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
          {suppliers && (
            <Select
              label={t('banks.supplierAccount')}
              description={t('banks.supplierAccountHint')}
              placeholder={t('banks.noSupplierAccount')}
              data={supplierOptions(
                suppliers,
                supplierAccount.value,
                t('recordBrowser.archived').toLowerCase(),
              )}
              searchable
              clearable
              nothingFoundMessage={t('banks.noSupplierFound')}
              value={supplierAccount.value || null}
              onChange={(value) => supplierAccount.onChange(value ?? '')}
              error={supplierAccount.errorAt()}
            />
          )}
        </SimpleGrid>
        <Textarea label={t('banks.notes')} autosize minRows={3} maxRows={12} {...form.text('notes')} />
        <FormActions
          ns="banks"
          saving={write.isPending}
          onCancel={onCancel}
          saveLabel={creating ? t('banks.create') : undefined}
        />
      </Stack>
    </form>
  );
}
