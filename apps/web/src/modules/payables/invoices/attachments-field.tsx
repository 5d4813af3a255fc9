import { useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AttachmentRef } from '@copro/domain';
import { notifyError } from '../../../app/notify';
import { useUploadInvoiceFile } from './invoices-api';
import { maxInvoiceFiles } from './invoice-values';
import { isPdf } from '../../../ui/pdf-file';

/**
 * The invoice's PDFs (SPEC 5: at most 5): each is stored as soon as it is chosen, and the invoice
 * names the stored files when it is saved.
 */
export function AttachmentsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: AttachmentRef[];
  onChange: (next: AttachmentRef[]) => void;
  error?: ReactNode;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadInvoiceFile();
  const [problem, setProblem] = useState<string | null>(null);
  // Lets the same file be chosen again after a refusal.
  const resetRef = useRef<() => void>(null);
  const room = maxInvoiceFiles - value.length;

  const add = async (files: File[]) => {
    resetRef.current?.();
    setProblem(null);
    if (files.some((file) => !isPdf(file))) {
      setProblem(t('validation.pdfOnly'));
      return;
    }
    if (files.length > room) setProblem(t('invoicePages.form.filesLimit', { count: maxInvoiceFiles }));
    let next = value;
    for (const file of files.slice(0, Math.max(room, 0))) {
      try {
        next = [...next, await upload.mutateAsync(file)];
        onChange(next);
      } catch (failure) {
        notifyError(failure, t('invoicePages.form.uploadFailed', { name: file.name }));
        return;
      }
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('invoicePages.form.attachments')}
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('invoicePages.form.noAttachments')}
        </Text>
      ) : (
        value.map((file) => (
          <Group key={file.fileId} gap="xs" wrap="nowrap">
            <IconFileTypePdf size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {file.fileName}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('invoicePages.form.removeFile', { name: file.fileName })}
              disabled={disabled}
              onClick={() => onChange(value.filter((other) => other.fileId !== file.fileId))}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))
      )}
      <Group gap="xs">
        <FileButton
          resetRef={resetRef}
          multiple
          accept="application/pdf,.pdf"
          onChange={(files) => void add(files)}
          disabled={disabled || room <= 0}
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              loading={upload.isPending}
              disabled={disabled || room <= 0}
            >
              {t('invoicePages.form.attach')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('invoicePages.form.filesLimit', { count: maxInvoiceFiles })}
        </Text>
      </Group>
      {(problem || error) && (
        <Text size="xs" c="red" role="alert">
          {problem ?? error}
        </Text>
      )}
    </Stack>
  );
}
