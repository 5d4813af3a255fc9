import type { ReactNode } from 'react';
import { Box, Button, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NavEntry } from '@copro/domain';
import { ButtonLink } from '../../ui/router-link';

export interface TabLink {
  path: string;
  label: string;
  href: string;
  active: boolean;
  disabled: boolean;
}

function DisabledTab({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('shell.tabs.unavailableWhileCreatingFiscalYear')} withArrow>
      {/* A disabled button gets no pointer events: the wrapper shows the reason on hover and focus. */}
      <span tabIndex={0}>
        <Button size="compact-sm" variant="subtle" color="gray" disabled style={{ pointerEvents: 'none' }}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * SPEC 2: the tabs of the section being viewed, after the building / building-group switcher. On a
 * narrow screen the tabs go on as many lines as they need rather than scrolling out of sight: every
 * label stays whole and readable, the active one included.
 */
export function TabBar({
  section,
  tabs,
  switcher,
}: {
  section: NavEntry | undefined;
  tabs: TabLink[];
  switcher: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      px={{ base: 'xs', sm: 'md' }}
      py={6}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Group gap="sm" wrap="wrap" align="center">
        <Box w={{ base: '100%', sm: 260 }}>{switcher}</Box>
        {section && tabs.length > 0 && (
          <Group
            component="nav"
            aria-label={t('shell.tabs.label', { section: t(`shell.sections.${section}`) })}
            gap={4}
            wrap="wrap"
            style={{ flex: '1 1 0', minWidth: 0 }}
          >
            {tabs.map((tab) =>
              tab.disabled ? (
                <DisabledTab key={tab.path} label={tab.label} />
              ) : (
                <ButtonLink
                  key={tab.path}
                  to={tab.href}
                  size="compact-sm"
                  variant={tab.active ? 'light' : 'subtle'}
                  color={tab.active ? undefined : 'gray'}
                  aria-current={tab.active ? 'page' : undefined}
                  style={{ flexShrink: 0 }}
                >
                  {tab.label}
                </ButtonLink>
              ),
            )}
          </Group>
        )}
      </Group>
    </Box>
  );
}
