import { useState } from 'react';
import { Button, Center, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { billingGraceDays, languageOf } from '@copro/domain';
import { PageLoader } from '../../ui/page-loader';
import { ButtonLink } from '../../ui/router-link';
import { useMemberships } from '../memberships';
import { formatDay } from './fiscal-years';

/**
 * SPEC 4: an unpaid building loads nothing; a full-screen modal that cannot be closed says so.
 * Its administrators are told how to restore access; the other users whom to ask.
 */
export function PaymentRequired({ buildingRef }: { buildingRef: string }) {
  const { t } = useTranslation();
  const { data: memberships, isPending } = useMemberships();
  const isAdmin = memberships?.buildings.find((b) => b.ref === buildingRef)?.role === 'admin';
  const managesBilling = (memberships?.billingAccounts.length ?? 0) > 0;
  return (
    // Modal.Root: the heading inside the body names the dialog, and nothing closes it.
    <Modal.Root
      opened
      onClose={() => undefined}
      fullScreen
      closeOnEscape={false}
      closeOnClickOutside={false}
      transitionProps={{ duration: 0 }}
    >
      <Modal.Content>
        <Modal.Body>
          <Center mih="90vh">
            {isPending ? (
              <PageLoader />
            ) : (
              <Stack align="center" gap="md" maw={520}>
                <ThemeIcon size={64} radius="xl" color="red" variant="light">
                  <IconCreditCard size={36} stroke={1.5} aria-hidden />
                </ThemeIcon>
                <Modal.Title component="h1" fz="h2" fw={700} ta="center">
                  {t('shell.payment.requiredTitle')}
                </Modal.Title>
                <Text ta="center">
                  {t(isAdmin ? 'shell.payment.requiredAdmin' : 'shell.payment.requiredUser')}
                </Text>
                <Group justify="center">
                  {isAdmin && managesBilling && (
                    <ButtonLink to="/billing-accounts">{t('shell.payment.manageBilling')}</ButtonLink>
                  )}
                  <ButtonLink to="/dashboard" variant={isAdmin && managesBilling ? 'default' : 'filled'}>
                    {t('shell.payment.backToDashboard')}
                  </ButtonLink>
                </Group>
              </Stack>
            )}
          </Center>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

const day = 24 * 60 * 60 * 1000;
const dismissedKey = (buildingRef: string): string => `copro.graceWarning.${buildingRef}`;

function wasDismissed(buildingRef: string): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(buildingRef)) === '1';
  } catch {
    return false;
  }
}

/** SPEC 4: within the grace period, administrators see a warning they can close (once per session). */
export function GraceWarning({ buildingRef, paidUntil }: { buildingRef: string; paidUntil: string | null }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const [opened, setOpened] = useState(() => !wasDismissed(buildingRef));
  const managesBilling = (useMemberships().data?.billingAccounts.length ?? 0) > 0;
  if (!paidUntil) return null;
  const due = paidUntil.slice(0, 10);
  const deadline = new Date(Date.parse(paidUntil) + billingGraceDays * day).toISOString().slice(0, 10);
  const close = (): void => {
    try {
      sessionStorage.setItem(dismissedKey(buildingRef), '1');
    } catch {
      // Not remembered: the warning shows again on the next visit of this building.
    }
    setOpened(false);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('shell.payment.graceTitle')} centered>
      <Stack gap="md">
        <Text>
          {t('shell.payment.graceAdmin', {
            date: formatDay(due, language),
            deadline: formatDay(deadline, language),
          })}
        </Text>
        <Group justify="flex-end">
          {managesBilling && (
            <ButtonLink to="/billing-accounts" variant="default">
              {t('shell.payment.manageBilling')}
            </ButtonLink>
          )}
          <Button onClick={close}>{t('shell.payment.understood')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
