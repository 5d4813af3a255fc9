import { useMemo } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canInGroup, type NavEntry } from '@copro/domain';
import { buildingModules } from '../../modules/building-modules';
import type { GroupTab } from './building-modules';
import { groupHref, pagePathOf } from './building-paths';
import type { BuildingGroupView } from '@copro/domain';
import { GroupShellContext, type GroupShell } from './group-context';
import { KeyboardHelp, shortcutRows } from './keyboard-help';
import { ShellNavbar } from './navbar';
import { NotificationDrawer } from './notification-drawer';
import { useRemoteConfig } from '../remote-config';
import { ShellFrame } from './shell-frame';
import { ShellNotFound } from './shell-not-found';
import { Switcher } from './switcher';
import { TabBar } from './tab-bar';
import { tabOfPath } from './tab-rules';
import { useShortcuts } from './use-shortcuts';

/** SPEC 2 order of the sections a group has; its dashboard (the index) lists its buildings. */
const groupSections: NavEntry[] = ['dashboard', 'communications', 'requests', 'administration', 'account'];

const allowed = (tab: GroupTab, group: BuildingGroupView): boolean =>
  canInGroup(group.role, tab.permission ?? 'group.view');

/** The building-group shell: navbar, tab bar with the switcher, keyboard help. */
export function GroupFrame({ group }: { group: BuildingGroupView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { featureFlags: flags } = useRemoteConfig();
  const [helpOpened, help] = useDisclosure(false);
  const [drawerOpened, drawer] = useDisclosure(false);

  const shell: GroupShell = useMemo(
    () => ({
      group,
      can: (permission) => canInGroup(group.role, permission),
      href: (path) => groupHref(group.id, path),
    }),
    [group],
  );
  const tabs = buildingModules.flatMap((m) => m.groupTabs ?? []);
  const pagePath = pagePathOf(pathname, groupHref(group.id, ''));
  const currentTab = pagePath ? tabOfPath(pagePath, tabs) : undefined;
  const section: NavEntry | undefined = pagePath ? currentTab?.section : 'dashboard';
  const targetOf = (entry: NavEntry): string | undefined => {
    if (entry === 'dashboard') return shell.href('');
    const tab = tabs.find((candidate) => candidate.section === entry && allowed(candidate, group));
    return tab && shell.href(tab.path);
  };
  const sections = groupSections.filter((entry) => targetOf(entry));
  const go = (to: string | undefined) => (to ? () => void navigate({ href: to }) : undefined);
  const administrationHref = targetOf('administration');
  useShortcuts({
    onHelp: help.open,
    go: { d: go(shell.href('')), a: go(administrationHref), m: go(targetOf('account')) },
  });

  const sectionTabs = tabs
    .filter((tab) => tab.section === section && allowed(tab, group))
    .map((tab) => ({
      path: tab.path,
      label: t(tab.labelKey),
      href: shell.href(tab.path),
      active: tab === currentTab,
      disabled: false,
    }));
  const blocked = currentTab && !allowed(currentTab, group);

  return (
    <GroupShellContext.Provider value={shell}>
      <ShellFrame
        navbar={
          <ShellNavbar
            label={t('shell.groupNavigation')}
            items={sections.map((s) => ({ section: s, href: targetOf(s) ?? '', active: s === section }))}
            onKeyboardHelp={help.open}
            onNotifications={flags.notifications ? drawer.open : undefined}
          />
        }
      >
        <TabBar
          section={section}
          tabs={sectionTabs}
          switcher={<Switcher place={{ kind: 'group', id: group.id, tabPath: currentTab?.path }} />}
        />
        {blocked ? <ShellNotFound variant="missingPermission" /> : <Outlet />}
      </ShellFrame>
      <KeyboardHelp
        opened={helpOpened}
        onClose={help.close}
        rows={shortcutRows({ administration: administrationHref !== undefined })}
      />
      {flags.notifications && <NotificationDrawer opened={drawerOpened} onClose={drawer.close} />}
    </GroupShellContext.Provider>
  );
}
