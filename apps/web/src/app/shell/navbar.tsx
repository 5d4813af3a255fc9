import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { ActionIcon, Box, Divider, Stack, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconBell, IconBook, IconKeyboard } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import type { NavEntry } from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { useRemoteConfig } from '../remote-config';
import { navIcons } from './nav-icons';

type ActionIconAnchorProps = ActionIconProps & AnchorHTMLAttributes<HTMLAnchorElement>;
const ActionIconAnchor = forwardRef<HTMLAnchorElement, ActionIconAnchorProps>((props, ref) => (
  <ActionIcon component="a" ref={ref} {...props} />
));
const ActionIconLink = createLink(ActionIconAnchor);

/** The user documentation, opened in a new tab. */

export interface NavItem {
  section: NavEntry;
  href: string;
  active: boolean;
  /** A count on the entry's corner (the area's `navBadges`). */
  badge?: ReactNode;
}

const iconProps = { size: 22, stroke: 1.6, 'aria-hidden': true } as const;

function NavButton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} position="right" withArrow openDelay={200}>
      {children}
    </Tooltip>
  );
}

interface ShellNavbarProps {
  label: string;
  items: NavItem[];
  onKeyboardHelp: () => void;
  /** Shown only when notifications are switched on (remote config). */
  onNotifications?: (() => void) | undefined;
}

/** SPEC 2: the 60 px left navbar: one icon per section, then documentation, help and notifications. */
export function ShellNavbar({ label, items, onKeyboardHelp, onNotifications }: ShellNavbarProps) {
  const { t } = useTranslation();
  const { documentationUrl } = useRemoteConfig();
  return (
    <Stack component="nav" aria-label={label} gap={6} align="center" py="sm" h="100%">
      {items.map((item) => {
        const Icon = navIcons[item.section];
        const name = t(`shell.sections.${item.section}`);
        return (
          <NavButton key={item.section} label={name}>
            <Box pos="relative">
              <ActionIconLink
                to={item.href}
                size={40}
                radius="md"
                variant={item.active ? 'light' : 'subtle'}
                color={item.active ? undefined : 'gray'}
                aria-label={name}
                aria-current={item.active ? 'page' : undefined}
                data-section={item.section}
              >
                <Icon {...iconProps} />
              </ActionIconLink>
              {item.badge && (
                <Box pos="absolute" top={-4} right={-8} style={{ pointerEvents: 'none' }}>
                  {item.badge}
                </Box>
              )}
            </Box>
          </NavButton>
        );
      })}
      <Divider w={32} my={4} />
      {documentationUrl && (
        <NavButton label={t('shell.documentation')}>
          <ActionIcon
            component="a"
            href={documentationUrl}
            target="_blank"
            rel="noopener noreferrer"
            size={40}
            radius="md"
            variant="subtle"
            color="gray"
            aria-label={t('shell.documentation')}
          >
            <IconBook {...iconProps} />
          </ActionIcon>
        </NavButton>
      )}
      <NavButton label={t('shell.keyboardShortcuts')}>
        <ActionIcon
          size={40}
          radius="md"
          variant="subtle"
          color="gray"
          aria-label={t('shell.keyboardShortcuts')}
          onClick={onKeyboardHelp}
        >
          <IconKeyboard {...iconProps} />
        </ActionIcon>
      </NavButton>
      {onNotifications && (
        <NavButton label={t('shell.notifications')}>
          <ActionIcon
            size={40}
            radius="md"
            variant="subtle"
            color="gray"
            aria-label={t('shell.notifications')}
            onClick={onNotifications}
          >
            <IconBell {...iconProps} />
          </ActionIcon>
        </NavButton>
      )}
    </Stack>
  );
}
