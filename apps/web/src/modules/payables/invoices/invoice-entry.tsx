import { useRef, useState } from 'react';
import { Button, FileButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconFileTypePdf, IconReceiptRefund } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { languageOf, type SupplierInvoiceView, type SupplierView } from '@copro/domain';
import { notifyError } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { RecordFormModal } from '../../../ui/record-panel';
import { InvoiceForm } from './invoice-form';
import { newInvoiceValues, type InvoiceValues } from './invoice-values';
import { usePrefillInvoice } from './invoices-api';
import { isPdf } from '../../../ui/pdf-file';
import { prefilledInvoice, type PrefilledInvoice } from './prefill-values';
import type { InvoiceLookups } from './use-invoice-lookups';

type Entry =
  { kind: 'invoice' | 'creditNote'; start: InvoiceValues } | { kind: 'pdf'; prefilled: PrefilledInvoice };

/**
 * The entry buttons of finance writers: a new invoice, a new credit note, or an invoice read
 * from its PDF (the form opens filled, each field read marked with its confidence).
 */
export function InvoiceEntry({
  lookups,
  supplier,
  onSaved,
}: {
  lookups: InvoiceLookups;
  /** The supplier the page shows, whose invoice it likely is. */
  supplier: SupplierView | undefined;
  onSaved: (invoice: SupplierInvoiceView) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  const prefill = usePrefillInvoice();
  const [entry, setEntry] = useState<Entry | null>(null);
  // Lets the same file be chosen again after a refusal.
  const resetRef = useRef<() => void>(null);
  const activeSupplier = supplier && !supplier.archived ? supplier : undefined;
  const blank = (creditNote: boolean) =>
    newInvoiceValues({ date: lookups.today, creditNote, taxes: building.taxes, supplier: activeSupplier });

  const readPdf = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    if (!isPdf(file)) {
      notifications.show({
        color: 'red',
        title: t('errors.title'),
        message: t('validation.pdfOnly'),
        autoClose: 15_000,
      });
      return;
    }
    prefill.mutate(file, {
      onSuccess: (read) =>
        setEntry({
          kind: 'pdf',
          prefilled: prefilledInvoice(blank(false), read, {
            suppliers: lookups.suppliers,
            buildingTaxes: building.taxes,
            language,
          }),
        }),
      onError: (error) => notifyError(error, t('invoicePages.prefill.failed')),
    });
  };

  const close = () => setEntry(null);
  const title =
    entry?.kind === 'creditNote'
      ? t('invoicePages.form.newCreditNote')
      : entry?.kind === 'pdf'
        ? t('invoicePages.prefill.title')
        : t('invoicePages.form.newInvoice');

  return (
    <>
      <Group gap="xs">
        <Button
          leftSection={<IconFileInvoice size={16} aria-hidden />}
          onClick={() => setEntry({ kind: 'invoice', start: blank(false) })}
        >
          {t('invoicePages.actions.newInvoice')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconReceiptRefund size={16} aria-hidden />}
          onClick={() => setEntry({ kind: 'creditNote', start: blank(true) })}
        >
          {t('invoicePages.actions.newCreditNote')}
        </Button>
        <FileButton resetRef={resetRef} accept="application/pdf,.pdf" onChange={readPdf}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={prefill.isPending}
            >
              {t('invoicePages.actions.fromPdf')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Modal
        opened={prefill.isPending}
        // Given up on, the reading's answer is left unused.
        onClose={() => prefill.reset()}
        closeOnClickOutside={false}
        centered
        title={t('invoicePages.prefill.reading')}
      >
        <Stack align="center" gap="sm" py="md">
          <Loader />
          <Text size="sm" c="dimmed" ta="center">
            {t('invoicePages.prefill.readingHint')}
          </Text>
        </Stack>
      </Modal>
      <RecordFormModal opened={entry !== null} onClose={close} title={title}>
        {entry && (
          <InvoiceForm
            start={entry.kind === 'pdf' ? entry.prefilled.values : entry.start}
            prefilled={entry.kind === 'pdf' ? entry.prefilled : undefined}
            lookups={lookups}
            onCancel={close}
            onSaved={(saved) => {
              close();
              onSaved(saved);
            }}
          />
        )}
      </RecordFormModal>
    </>
  );
}
