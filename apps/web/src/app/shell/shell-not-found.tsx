import { useContext } from 'react';
import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktop, IconHourglass, IconLock, IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/router-link';
import { BuildingShellContext } from './building-context';
import { GroupShellContext } from './group-context';
import type { PageBlock } from './tab-rules';

const icons: Record<PageBlock, typeof IconLock> = {
  notFound: IconMapQuestion,
  missingPermission: IconLock,
  screenTooSmall: IconDeviceDesktop,
  fiscalYearBeingCreated: IconHourglass,
};

/**
 * SPEC 2 not-found page variants, shown inside the shell: screen too small, missing
 * permission, fiscal year being created, page not found. The way out is the dashboard of the
 * building or group being viewed, else the user's own dashboard.
 */
export function ShellNotFound({ variant }: { variant: PageBlock }) {
  const { t } = useTranslation();
  const building = useContext(BuildingShellContext);
  const group = useContext(GroupShellContext);
  const home = building?.href('dashboard') ?? group?.href('') ?? '/dashboard';
  const Icon = icons[variant];
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="md" maw={480} data-variant={variant}>
        <ThemeIcon size={56} radius="xl" variant="light" color={variant === 'notFound' ? 'teal' : 'gray'}>
          <Icon size={32} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          {t(`shell.blocked.${variant}.title`)}
        </Title>
        <Text ta="center" c="dimmed">
          {t(`shell.blocked.${variant}.text`)}
        </Text>
        <ButtonLink to={home} variant="light">
          {t('common.goToDashboard')}
        </ButtonLink>
      </Stack>
    </Center>
  );
}

/** The router's answer to an address no building or group page has. */
export function PageNotFound() {
  return <ShellNotFound variant="notFound" />;
}
