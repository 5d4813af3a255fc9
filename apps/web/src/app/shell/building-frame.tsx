import { useMemo } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { navigationEntries, type NavEntry } from '@copro/domain';
import { buildingModules } from '../../modules/building-modules';
import { useRemoteConfig } from '../remote-config';
import { ArchivedNotice } from './archived-notice';
import { BuildingShellContext, type BuildingShell } from './building-context';
import { buildingHref, pagePathOf } from './building-paths';
import type { BillingStatusView, BuildingAccessView } from '@copro/domain';
import { CreatingFiscalYearNotice } from './creating-fiscal-year-notice';
import { FiscalYearMenu } from './fiscal-year-menu';
import { newFiscalYearNeeded } from './fiscal-years';
import { ForcedFiscalYearDialog } from './forced-fiscal-year-dialog';
import { InHeader } from './header-slot';
import { KeyboardHelp, shortcutRows } from './keyboard-help';
import { ShellNavbar } from './navbar';
import { NotificationDrawer } from './notification-drawer';
import { NotificationPrompt } from './notification-prompt';
import { GraceWarning } from './payment-required';
import { ShellFrame } from './shell-frame';
import { ShellNotFound } from './shell-not-found';
import { Switcher } from './switcher';
import { TabBar } from './tab-bar';
import { pageBlock, sectionTarget, tabOfPath, tabState, type TabConditions } from './tab-rules';
import { useIsMobile } from './use-is-mobile';
import { useShortcuts } from './use-shortcuts';

/** The page of the accounting area where fiscal years are created (modules/ledger/fiscal-years). */
const fiscalYearPagePath = 'categories/fiscal-year';

function useBuildingShellValue(access: BuildingAccessView, requestedYear: string | undefined) {
  const { building, fiscalYearList: years, permissions } = access;
  return useMemo(() => {
    const latest = years[0];
    const requested = requestedYear ? years.find((y) => y.startDate === requestedYear) : latest;
    if (!latest || !requested) return null;
    const yearInAddress = requested === latest ? undefined : requested.startDate;
    const shell: BuildingShell = {
      building,
      role: access.role,
      banned: access.banned,
      permissions,
      fiscalYears: years,
      fiscalYear: requested,
      isLatestFiscalYear: requested === latest,
      readOnly: requested.archived,
      can: (permission) => permissions.includes(permission),
      href: (path) => buildingHref(building.buildingRef, yearInAddress, path),
    };
    return { shell, latest };
  }, [access.role, access.banned, building, permissions, years, requestedYear]);
}

/** The building shell around the page: navbar, header menu, tab bar, notices and dialogs. */
export function BuildingFrame({
  access,
  billing,
}: {
  access: BuildingAccessView;
  billing: BillingStatusView;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fiscalYear: requestedYear } = useParams({ strict: false });
  const pathname = useLocation({ select: (location) => location.pathname });
  const { featureFlags: flags } = useRemoteConfig();
  const isMobile = useIsMobile();
  const [helpOpened, help] = useDisclosure(false);
  const [drawerOpened, drawer] = useDisclosure(false);
  const value = useBuildingShellValue(access, requestedYear);
  const { building } = access;
  const ref = building.buildingRef;

  const tabs = buildingModules.flatMap((m) => m.tabs);
  const conditions: TabConditions = {
    permissions: access.permissions,
    flags,
    isMobile,
    creatingFiscalYear: building.creatingFiscalYear,
  };
  const pagePath = pagePathOf(pathname, buildingHref(ref, undefined, ''));
  const currentTab = tabOfPath(pagePath, tabs);
  const href = value?.shell.href ?? ((path: string) => buildingHref(ref, undefined, path));
  const targetOf = (section: NavEntry): string | undefined => {
    const tab = sectionTarget(section, tabs, conditions);
    return tab && href(tab.path);
  };
  const sections = navigationEntries(access, building, { files: flags.files }).filter((s) => targetOf(s));
  const go = (to: string | undefined) => (to ? () => void navigate({ href: to }) : undefined);
  const administrationHref = sections.includes('administration') ? targetOf('administration') : undefined;
  useShortcuts({
    onHelp: help.open,
    go: { d: go(href('dashboard')), a: go(administrationHref), m: go(targetOf('account')) },
  });

  const section = currentTab?.section;
  const sectionTabs = tabs
    .filter((tab) => tab.section === section)
    .map((tab) => ({ tab, state: tabState(tab, conditions) }))
    .filter(({ state }) => state !== 'hidden')
    .map(({ tab, state }) => ({
      path: tab.path,
      label: t(tab.labelKey),
      href: href(tab.path),
      active: tab === currentTab,
      disabled: state === 'disabled',
    }));

  const block = value ? pageBlock(currentTab, conditions) : 'notFound';
  const latest = value?.latest;
  const forcedYearApplies =
    access.permissions.includes('forced-fiscal-year-dialog') && currentTab?.path !== fiscalYearPagePath;

  return (
    <BuildingShellContext.Provider value={value?.shell ?? null}>
      {value && (
        <InHeader>
          <FiscalYearMenu />
        </InHeader>
      )}
      <ShellFrame
        navbar={
          <ShellNavbar
            label={t('shell.navigation')}
            items={sections.map((s) => {
              const Badge = buildingModules.find((m) => m.navBadges?.[s])?.navBadges?.[s];
              return {
                section: s,
                href: targetOf(s) ?? '',
                active: s === section,
                badge: Badge ? <Badge buildingRef={ref} /> : undefined,
              };
            })}
            onKeyboardHelp={help.open}
            onNotifications={flags.notifications ? drawer.open : undefined}
          />
        }
      >
        <TabBar
          section={section}
          tabs={sectionTabs}
          switcher={<Switcher place={{ kind: 'building', id: ref, tabPath: currentTab?.path }} />}
        />
        {flags.notifications && <NotificationPrompt />}
        {value?.shell.readOnly && <ArchivedNotice latestHref={buildingHref(ref, undefined, pagePath)} />}
        {building.creatingFiscalYear && block !== 'fiscalYearBeingCreated' && <CreatingFiscalYearNotice />}
        {block ? <ShellNotFound variant={block} /> : <Outlet />}
      </ShellFrame>
      <KeyboardHelp
        opened={helpOpened}
        onClose={help.close}
        rows={shortcutRows({ administration: administrationHref !== undefined })}
      />
      {flags.notifications && <NotificationDrawer opened={drawerOpened} onClose={drawer.close} />}
      {billing.status === 'within-grace-period' && access.role === 'admin' && (
        <GraceWarning buildingRef={ref} paidUntil={billing.paidUntil} />
      )}
      {latest && forcedYearApplies && (
        <ForcedFiscalYearDialog
          forced={newFiscalYearNeeded(latest, new Date())}
          latestStart={latest.startDate}
          fiscalYearHref={href(fiscalYearPagePath)}
        />
      )}
    </BuildingShellContext.Provider>
  );
}
