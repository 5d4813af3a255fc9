import type { AnyRoute } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { BuildingView, GroupPermission, NavEntry, Permission, RemoteConfig } from '@copro/domain';

/**
 * How an area plugs into the building shell without touching it: its tabs (the shell shows a
 * navbar section only when one of its tabs is allowed), its routes, and its dashboard cards.
 * Every area adds one entry to `modules/building-modules.ts`.
 */
export interface ShellTab {
  /** The navbar section the tab belongs to. */
  section: NavEntry;
  /** Path below /building/{ref}/{fiscalYear?}/, e.g. 'admin/building'. */
  path: string;
  /** i18n key of the tab label. */
  labelKey: string;
  /** Named permission the user needs in the building (SPEC 6). */
  permission?: Permission;
  /** Remote-config feature flag the tab needs (SPEC 2: approval, otonom, logs, vote shares…). */
  flag?: keyof RemoteConfig['featureFlags'];
  /** Hidden below the 768 px breakpoint, where the area shows the "use a wider window" message. */
  desktopOnly?: boolean;
  /** On a phone, the navbar entry of its section opens this tab first (payments: approval). */
  phoneEntry?: boolean;
  /** Disabled while a fiscal year is being created. */
  blockedWhileCreatingFiscalYear?: boolean;
}

export interface GroupTab {
  section: 'administration' | 'requests' | 'communications' | 'account';
  /** Path below /building-group/{buildingGroupId}/. */
  path: string;
  labelKey: string;
  permission?: GroupPermission;
}

export interface DashboardCardProps {
  building: BuildingView;
}

export interface BuildingModule {
  /** A short name, for keys and tests. */
  name: string;
  tabs: ShellTab[];
  /** Children of `buildingPagesRoute` (apps/web/src/app/shell/building-route.tsx). */
  routes: AnyRoute[];
  groupTabs?: GroupTab[];
  /** Children of `groupPagesRoute`. */
  groupRoutes?: AnyRoute[];
  /** Cards on the building dashboard, in module order; each comes with its area. */
  dashboardCards?: ComponentType<DashboardCardProps>[];
  /** A count shown on a navbar entry (requests: open requests and unread emails), read by the area. */
  navBadges?: Partial<Record<NavEntry, ComponentType<{ buildingRef: string }>>>;
}
