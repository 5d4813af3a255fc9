import { useState } from 'react';
import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canInGroup, navigationEntries } from '@copro/domain';
import { buildingModules } from '../../modules/building-modules';
import { useMemberships } from '../memberships';
import { useRemoteConfig } from '../remote-config';
import { buildingHref, groupHref } from './building-paths';
import { billingStatusQuery, buildingQuery } from './building-query';
import { tabAllowed } from './tab-rules';
import { useIsMobile } from './use-is-mobile';

/** Where the user is: a building or a group, and the path of the tab being viewed there. */
export type SwitcherPlace =
  | { kind: 'building'; id: string; tabPath: string | undefined }
  | { kind: 'group'; id: string; tabPath: string | undefined };

const valueOf = (kind: SwitcherPlace['kind'], id: string): string => `${kind}:${id}`;

/**
 * Finds where to go in another building: the same tab when the user may open it there, else its
 * dashboard. The other building's access is read first, unless its billing blocks it.
 */
function useSwitchTarget() {
  const queryClient = useQueryClient();
  const flags = useRemoteConfig().featureFlags;
  const isMobile = useIsMobile();

  const inBuilding = async (ref: string, tabPath: string | undefined): Promise<string> => {
    const tab = buildingModules.flatMap((m) => m.tabs).find((candidate) => candidate.path === tabPath);
    if (!tab) return buildingHref(ref, undefined, 'dashboard');
    try {
      const billing = await queryClient.fetchQuery(billingStatusQuery(ref));
      if (billing.status === 'unpaid') return buildingHref(ref, undefined, 'dashboard');
      const access = await queryClient.fetchQuery(buildingQuery(ref));
      const conditions = {
        permissions: access.permissions,
        flags,
        isMobile,
        creatingFiscalYear: access.building.creatingFiscalYear,
      };
      const sections = navigationEntries(access, access.building, { files: flags.files });
      const allowed = tabAllowed(tab, conditions) && sections.includes(tab.section);
      return buildingHref(ref, undefined, allowed ? tab.path : 'dashboard');
    } catch {
      // The building itself explains what is wrong once it is opened.
      return buildingHref(ref, undefined, 'dashboard');
    }
  };

  const inGroup = (
    id: string,
    role: Parameters<typeof canInGroup>[0],
    tabPath: string | undefined,
  ): string => {
    const tab = buildingModules
      .flatMap((m) => m.groupTabs ?? [])
      .find((candidate) => candidate.path === tabPath);
    const allowed = tab && canInGroup(role, tab.permission ?? 'group.view');
    return groupHref(id, allowed ? tab.path : '');
  };

  return { inBuilding, inGroup };
}

/** SPEC 2: the building / building-group switcher at the start of the tab bar. */
export function Switcher({ place }: { place: SwitcherPlace }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const memberships = useMemberships().data;
  const target = useSwitchTarget();
  const [switching, setSwitching] = useState(false);

  const buildings = memberships?.buildings ?? [];
  const groups = memberships?.groups ?? [];
  const data = [
    {
      group: t('shell.switcher.buildings'),
      items: buildings.map((b) => ({ value: valueOf('building', b.ref), label: b.name })),
    },
    ...(groups.length
      ? [
          {
            group: t('shell.switcher.groups'),
            items: groups.map((g) => ({ value: valueOf('group', g.id), label: g.name })),
          },
        ]
      : []),
  ];

  const onChange = async (value: string | null): Promise<void> => {
    if (!value || value === valueOf(place.kind, place.id)) return;
    const [kind, id = ''] = value.split(/:(.*)/s);
    setSwitching(true);
    try {
      const group = groups.find((g) => g.id === id);
      const href =
        kind === 'group' && group
          ? target.inGroup(id, group.role, place.tabPath)
          : await target.inBuilding(id, place.tabPath);
      await navigate({ href });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      aria-label={t('shell.switcher.label')}
      data={data}
      value={valueOf(place.kind, place.id)}
      onChange={(value) => void onChange(value)}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('shell.switcher.nothingFound')}
      size="xs"
      disabled={switching || !memberships}
      comboboxProps={{ width: 320, position: 'bottom-start' }}
      maxDropdownHeight={360}
    />
  );
}
