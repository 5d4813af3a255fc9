/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { communicationsRoutes } from './routes';
export { automaticMailText } from './automatic/templates';
export {
  automaticMailsJob,
  runBuildingAutomaticMails,
  scheduleAutomaticMails,
} from './automatic/reminder-job';
export type { ReminderMailContext } from './automatic/reminder-job';
