import {
  IconBuildingBank,
  IconCalculator,
  IconCash,
  IconDoor,
  IconFolder,
  IconInbox,
  IconLayoutDashboard,
  IconSettings,
  IconSpeakerphone,
  IconTruck,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { NavEntry } from '@copro/domain';

export const navIcons: Record<NavEntry, Icon> = {
  dashboard: IconLayoutDashboard,
  units: IconDoor,
  people: IconUsers,
  suppliers: IconTruck,
  payments: IconCash,
  banks: IconBuildingBank,
  accounting: IconCalculator,
  communications: IconSpeakerphone,
  requests: IconInbox,
  files: IconFolder,
  administration: IconSettings,
  account: IconUserCircle,
};
