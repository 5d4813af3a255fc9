import type { BuildingModule } from '../../../app/shell/building-modules';

/** Automatic communications and their mail templates (SPEC 2 posts/reminders). */
export const automaticMailsModule: BuildingModule = {
  name: 'automatic-mails',
  tabs: [],
  routes: [],
};
