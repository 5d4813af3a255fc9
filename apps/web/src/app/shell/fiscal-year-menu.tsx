import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconCalendar, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useNavigate, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from './building-context';
import { buildingHref, pagePathOf } from './building-paths';
import { fiscalYearName, formatDay } from './fiscal-years';

/** SPEC 2: the fiscal years, latest first, archived ones marked; a choice shows the same page in that year. */
export function FiscalYearMenu() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { building, fiscalYears, fiscalYear } = useBuildingShell();
  const latest = fiscalYears[0];

  const choose = (startDate: string): void => {
    const page = pagePathOf(pathname, buildingHref(building.buildingRef, undefined, ''));
    const year = startDate === latest?.startDate ? undefined : startDate;
    void navigate({ href: buildingHref(building.buildingRef, year, page) });
  };

  const name = fiscalYearName(fiscalYear);
  return (
    <Menu position="bottom-end" shadow="md" width={320}>
      <Menu.Target>
        <Button
          variant={fiscalYear.archived ? 'light' : 'default'}
          color={fiscalYear.archived ? 'yellow' : undefined}
          size="compact-sm"
          leftSection={<IconCalendar size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('shell.fiscalYear.label', { year: name })}
          style={{ flexShrink: 0 }}
        >
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.fiscalYear.menu')}</Menu.Label>
        {fiscalYears.map((year, index) => {
          const selected = year.startDate === fiscalYear.startDate;
          return (
            <Menu.Item
              key={year.startDate}
              onClick={() => choose(year.startDate)}
              aria-current={selected ? 'true' : undefined}
              leftSection={
                <IconCheck size={16} aria-hidden style={{ visibility: selected ? 'visible' : 'hidden' }} />
              }
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div>
                  <Text size="sm" fw={selected ? 700 : 500}>
                    {fiscalYearName(year)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('shell.fiscalYear.range', {
                      start: formatDay(year.startDate, language, 'medium'),
                      end: formatDay(year.endDate, language, 'medium'),
                    })}
                  </Text>
                </div>
                {year.archived ? (
                  <Badge size="sm" color="yellow" variant="light" style={{ flexShrink: 0 }}>
                    {t('shell.fiscalYear.archived')}
                  </Badge>
                ) : (
                  index === 0 && (
                    <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                      {t('shell.fiscalYear.current')}
                    </Badge>
                  )
                )}
              </Group>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
