import type { BuildingModule } from '../../../app/shell/building-modules';
import { automaticMailsRoute } from './routes';

/** Automatic communications and their mail templates (SPEC 2 posts/reminders): the managers'. */
export const automaticMailsModule: BuildingModule = {
  name: 'automatic-mails',
  tabs: [
    {
      section: 'communications',
      path: 'posts/reminders',
      labelKey: 'automaticMails.page.tab',
      permission: 'email-templates.create',
    },
  ],
  routes: [automaticMailsRoute],
};
