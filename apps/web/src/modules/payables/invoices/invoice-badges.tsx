import { Badge, Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SupplierInvoiceView } from '@copro/domain';
import { statusColor } from './invoice-list';
import { confidenceLook, type Confidence } from './prefill-values';

/** An invoice's standing: unpaid, pending approval, paid or cancelled; a credit note says so. */
export function InvoiceStatusBadge({
  invoice,
}: {
  invoice: Pick<SupplierInvoiceView, 'status' | 'creditNote'>;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {invoice.creditNote && (
        <Badge size="sm" variant="outline" color="grape">
          {t('invoicePages.creditNoteBadge')}
        </Badge>
      )}
      <Badge size="sm" variant="light" color={statusColor[invoice.status]}>
        {t(
          `invoicePages.status.${invoice.creditNote && invoice.status !== 'cancelled' ? `credit.${invoice.status}` : invoice.status}`,
        )}
      </Badge>
    </Group>
  );
}

/** Under a field read from the PDF: how sure the reading is, in words and in color. */
export function ConfidenceHint({ confidence }: { confidence: Confidence | null }) {
  const { t } = useTranslation();
  if (!confidence) return null;
  const look = confidenceLook(confidence);
  return (
    <Group component="span" gap={4} wrap="nowrap" style={{ display: 'inline-flex' }}>
      <IconSparkles size={12} aria-hidden color={`var(--mantine-color-${look.color}-7)`} />
      <Text component="span" size="xs" c={`${look.color}.8`} fw={500}>
        {t(look.labelKey)}
      </Text>
    </Group>
  );
}
