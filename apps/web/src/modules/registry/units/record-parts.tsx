import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOf, type InsuranceStatus, type Language, type WaterHeaterStatus } from '@copro/domain';
import { ArchivedBadge } from '../../../ui/record-panel';

/** Small pieces the unit, parking and locker pages share. */

/** A calendar date (YYYY-MM-DD) as written in the user's language; read in UTC so no day shifts. */
export function formatDay(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function formatFileSize(bytes: number, language: Language): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(localeOf(language), {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A titled card of a record's page, with optional actions on the right of its title. */
export function DetailCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The record's name over its cards, with its state and actions. */
export function DetailHeader({
  title,
  archived,
  actions,
}: {
  title: string;
  archived: boolean;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        {archived && <ArchivedBadge />}
      </Group>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

export const Dash = () => (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

const insuranceColors: Record<InsuranceStatus, string> = {
  missing: 'gray',
  expired: 'red',
  expiring: 'orange',
  noProof: 'yellow',
  valid: 'green',
};

export function InsuranceBadge({ status }: { status: InsuranceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={insuranceColors[status]} variant="light">
      {t(`units.insuranceStatus.${status}`)}
    </Badge>
  );
}

const heaterColors: Record<WaterHeaterStatus, string> = {
  unknown: 'gray',
  pastWarranty: 'orange',
  underWarranty: 'green',
};

export function WaterHeaterBadge({ status }: { status: WaterHeaterStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={heaterColors[status]} variant="light">
      {t(`units.waterHeaterStatus.${status}`)}
    </Badge>
  );
}
