import { useEffect, useRef } from 'react';
import { Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The end of a long list that is drawn a page at a time: it asks for the next page when it
 * scrolls into view, and stays a button for the keyboard.
 */
export function ShowMore({ remaining, onMore }: { remaining: number; onMore: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMore();
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [onMore]);
  return (
    <Center py="xs">
      <Button ref={ref} variant="subtle" size="xs" onClick={onMore}>
        {t('admin.users.showMore', { count: remaining })}
      </Button>
    </Center>
  );
}
