import { padFileKinds } from '@copro/domain';
import { registerBuildingJob, scheduleBuildingJob } from '../../../platform/building-jobs';
import type { JobResult } from '../../../platform/jobs';
import type { Platform } from '../../../platform/platform';
import { buildingRow, systemContext } from '../context';
import { configuredPartner } from '../partner/configured';
import { padSettingsRow } from '../settings/settings';
import { refreshStatuses } from './refresh-statuses';
import { sendFile } from './send-file';

/** The daily automatic sending of a building (DOMAIN 8 `automaticallySend`), then its statuses. */
export const otonomSendJob = 'otonom-send';
/** When it fires (UTC); each building runs alone, as of its own date. */
export const otonomSendSchedule = '0 7 * * *';

/**
 * One building's run: the units' file when `building.otonom.automaticallySend.units`, the
 * suppliers' when `.suppliers` (each in a transaction of its own: one failing does not hold back
 * the other), then the partner's statuses of what it holds. Without a configured partner nothing
 * is sent through it (a CPA-005 building's files are still created, for the manager to take to
 * the bank). A failure is thrown once the rest ran, so the queue retries and, at last, the
 * building's admins hear of it.
 */
export async function runOtonomSend(platform: Platform, buildingId: string): Promise<JobResult> {
  // A building without the area's settings has nothing to send (they go with a deleted building).
  const settings = await padSettingsRow(platform.db, buildingId);
  if (!settings) return {};
  const b = await buildingRow(platform.db, buildingId);
  const partner = configuredPartner(platform.config, b);
  const ctx = systemContext(b, { mailer: platform.mailer, now: platform.clock.now() });
  const result: JobResult = {};
  const failures: unknown[] = [];
  const throughPartner = settings.channel === 'otonom';
  for (const kind of padFileKinds) {
    if (!b.otonom.automaticallySend?.[kind]) continue;
    if (throughPartner && !partner) {
      result[kind] = 'partnerNotConfigured';
      continue;
    }
    try {
      const sent = await platform.db.transaction((tx) => sendFile(tx, ctx, partner, kind));
      result[kind] = sent.file?.count ?? 0;
      if (sent.skipped.length > 0) result[`${kind}Skipped`] = sent.skipped.length;
    } catch (error) {
      failures.push(error);
    }
  }
  if (throughPartner && partner) {
    try {
      const refreshed = await refreshStatuses(platform.db, { ...ctx, now: platform.clock.now() }, partner);
      result.statusesUpdated = refreshed.updated;
      if (refreshed.refused.length > 0) result.statusesRefused = refreshed.refused.length;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
  return result;
}

export function registerOtonomSend(platform: Platform): void {
  registerBuildingJob(platform, otonomSendJob, (buildingId) => runOtonomSend(platform, buildingId));
}

/** The daily run of every building: fired by the schedule, and once at start to catch up. */
export const scheduleOtonomSend = (platform: Platform): Promise<void> =>
  scheduleBuildingJob(platform, otonomSendJob, otonomSendSchedule);
