import type { NavEntry, Permission, RemoteConfig } from '@copro/domain';
import type { ShellTab } from './building-modules';

/** What the tab rules of SPEC 2 depend on, for the building being viewed. */
export interface TabConditions {
  permissions: readonly Permission[];
  flags: RemoteConfig['featureFlags'];
  isMobile: boolean;
  creatingFiscalYear: boolean;
}

/** Why a page cannot be shown: the variants of the shell's not-found page. */
export type PageBlock = 'notFound' | 'missingPermission' | 'screenTooSmall' | 'fiscalYearBeingCreated';

/** Allowed for this user in this building, whatever the screen and the fiscal year. */
export const tabAllowed = (tab: ShellTab, conditions: TabConditions): boolean =>
  (!tab.permission || conditions.permissions.includes(tab.permission)) &&
  (!tab.flag || conditions.flags[tab.flag]);

export type TabState = 'shown' | 'disabled' | 'hidden';

export function tabState(tab: ShellTab, conditions: TabConditions): TabState {
  if (!tabAllowed(tab, conditions) || (tab.desktopOnly && conditions.isMobile)) return 'hidden';
  return tab.blockedWhileCreatingFiscalYear && conditions.creatingFiscalYear ? 'disabled' : 'shown';
}

/** The tab a page belongs to: the one whose path is the longest prefix of the page's path. */
export function tabOfPath<T extends { path: string }>(path: string, tabs: readonly T[]): T | undefined {
  const page = path || 'dashboard';
  return tabs
    .filter((tab) => page === tab.path || page.startsWith(`${tab.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * What stops a page from showing, checked in this order: an area switched off by a flag does
 * not exist; then the permission; then the screen; then a fiscal year being created.
 */
export function pageBlock(tab: ShellTab | undefined, conditions: TabConditions): PageBlock | null {
  if (!tab) return null;
  if (tab.flag && !conditions.flags[tab.flag]) return 'notFound';
  if (tab.permission && !conditions.permissions.includes(tab.permission)) return 'missingPermission';
  if (tab.desktopOnly && conditions.isMobile) return 'screenTooSmall';
  if (tab.blockedWhileCreatingFiscalYear && conditions.creatingFiscalYear) return 'fiscalYearBeingCreated';
  return null;
}

/**
 * Where a navbar entry goes: on a phone, the section's phone entry when it can be used (SPEC 2:
 * payments opens approval on a phone); otherwise its first tab that can be used here (payments:
 * checks on a computer); failing that, its first allowed tab, which then explains why it cannot be
 * used. Undefined when the section has no allowed tab.
 */
export function sectionTarget(
  section: NavEntry,
  tabs: readonly ShellTab[],
  conditions: TabConditions,
): ShellTab | undefined {
  const allowed = tabs.filter((tab) => tab.section === section && tabAllowed(tab, conditions));
  const usable = allowed.filter((tab) => tabState(tab, conditions) === 'shown');
  const phoneEntry = conditions.isMobile ? usable.find((tab) => tab.phoneEntry) : undefined;
  return phoneEntry ?? usable[0] ?? allowed[0];
}
