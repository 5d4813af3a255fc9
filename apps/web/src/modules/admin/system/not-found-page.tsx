import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../ui/router-link';

/** SPEC 2 "page not found" variant; the others (permission, screen size…) come with the building shell. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <Text fz={56} fw={800} c="teal.7" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2" ta="center">
          {t('notFound.title')}
        </Title>
        <Text ta="center" c="dimmed">
          {t('notFound.text')}
        </Text>
        <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
      </Stack>
    </Center>
  );
}
