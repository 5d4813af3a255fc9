import { useEffect, useRef } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../app/shell/building-context';
import { AnchorLink } from './router-link';

/**
 * What was just recorded stays above the emptied form, with the way to its transaction: the one
 * confirmation of the save (no toast besides it), brought into view when the button was far below.
 */
export function PostedNotice({
  message,
  transactionPath,
  onClose,
}: {
  message: string;
  /** `{type}/transactions/{uuid}` (SPEC 2), or nothing when no transaction was posted. */
  transactionPath: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    notice.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  return (
    <Alert
      ref={notice}
      color="green"
      variant="light"
      icon={<IconCircleCheck size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('accounting.closeNotice')}
      onClose={onClose}
    >
      <Text size="sm">
        {message}{' '}
        {transactionPath && (
          <AnchorLink to={href(transactionPath)} size="sm" fw={600}>
            {t('accounting.seeTransaction')}
          </AnchorLink>
        )}
      </Text>
    </Alert>
  );
}
