import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../app/shell/building-context';
import { AnchorLink } from '../../ui/router-link';
import type { PostedTransaction } from './accounting-api';

/** Stays above the emptied form after a posting, with the way to the transaction just recorded. */
export function PostedNotice({ posted, onClose }: { posted: PostedTransaction; onClose: () => void }) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('accounting.closeNotice')}
      onClose={onClose}
    >
      <Text size="sm">
        {t('accounting.postedNotice', { description: posted.description })}{' '}
        <AnchorLink to={href(`categories/transactions/${posted.uuid}`)} size="sm" fw={600}>
          {t('accounting.seeTransaction')}
        </AnchorLink>
      </Text>
    </Alert>
  );
}
