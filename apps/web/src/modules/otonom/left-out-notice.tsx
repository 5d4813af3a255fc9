import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One payment a write left out, and why (an i18n key with its parameters). */
export interface LeftOutLine {
  reference: string;
  name?: string;
  key: string;
  params?: Record<string, string | number>;
}

/** What a send or a refresh did not do, kept on the page until closed (a toast would go too soon). */
export interface LeftOut {
  title: string;
  lines: LeftOutLine[];
}

export function LeftOutNotice({ leftOut, onClose }: { leftOut: LeftOut; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={leftOut.title}
      withCloseButton
      closeButtonLabel={t('otonomPages.actions.close')}
      onClose={onClose}
      role="alert"
    >
      <List size="sm" spacing={2}>
        {leftOut.lines.map((line, index) => (
          <List.Item key={`${line.reference}-${index}`}>
            <Text span size="sm" ff="monospace">
              {line.reference}
            </Text>
            {line.name ? ` (${line.name})` : ''} — {t(line.key, line.params ?? {})}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
