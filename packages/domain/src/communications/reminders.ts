import { addDays } from '../time';
import type { ReminderKind } from './automatic-mails';

/**
 * DOMAIN 11: the automatic communications of a unit, decided as of a date (the building's today).
 *
 * Each enabled kind is due when its condition holds on `asOf`:
 * - insuranceExpiring: the policy has an end date and `asOf` is on or after
 *   `endDate - insuranceDaysBefore` (an already expired policy is due too: it is the urgent case);
 * - insuranceProofMissing: no provider, no end date, or no proof of insurance handed in;
 * - waterHeaterWarranty: the warranty has an end date and `asOf` is on or after
 *   `warrantyEndDate - warrantyDaysBefore`;
 * - waterHeaterLife: the heater has an installation date and `asOf` is on or after its
 *   `waterHeaterLifeYears`th anniversary;
 * - waterHeaterIncomplete: the installation date or the warranty's end is unknown;
 * - ownerDataMissing: the unit has no current owner, or an owner has no email or no phone.
 *
 * Each due reminder carries its episode key, and the sender sends a key once, ever. The key names
 * what the reminder is about, never the day it was found, so whatever the days the job runs on
 * (daily, late, twice) an episode is reminded once:
 * - a dated condition's key is its date (the policy's end, the warranty's end, the installation):
 *   a renewed policy or a new heater is a new episode;
 * - a missing proof's key is the policy's end date (a new policy needs its own proof), else the
 *   year of `asOf`;
 * - missing information has no date of its own: its episode is the calendar year of `asOf`, so
 *   owners are reminded once a year while it stays missing.
 */

export interface ReminderSettings {
  enabled: readonly ReminderKind[];
  insuranceDaysBefore: number;
  warrantyDaysBefore: number;
  waterHeaterLifeYears: number;
}

/**
 * Quebec insurers commonly refuse to cover water damage from a tank water heater older than 10
 * years (or ask for its replacement), so that is when owners hear of it by default.
 */
export const defaultWaterHeaterLifeYears = 10;

export const defaultReminderSettings: ReminderSettings = {
  enabled: [],
  insuranceDaysBefore: 30,
  warrantyDaysBefore: 60,
  waterHeaterLifeYears: defaultWaterHeaterLifeYears,
};

export interface ReminderOwner {
  hasEmail: boolean;
  hasPhone: boolean;
}

export interface ReminderUnit {
  uuid: string;
  insurance: { provider?: string | undefined; endDate?: string | undefined };
  hasInsuranceProof: boolean;
  waterHeater: { installationDate?: string | undefined; warrantyEndDate?: string | undefined };
  /** The unit's owners on `asOf`. */
  owners: readonly ReminderOwner[];
}

/** What an owner's record lacks, for the "missing owner data" reminder. */
export type MissingOwnerData = 'owner' | 'email' | 'phone';

export interface DueReminder {
  kind: ReminderKind;
  episodeKey: string;
  /** For `ownerDataMissing`: what is missing. */
  missing?: MissingOwnerData[];
}

/** The date `years` years after `date` (a 29 February moves to 1 March in other years). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** What the owners' records lack: no owner at all, an owner without an email or without a phone. */
export function missingOwnerData(owners: readonly ReminderOwner[]): MissingOwnerData[] {
  const missing: MissingOwnerData[] = [];
  if (owners.length === 0) missing.push('owner');
  if (owners.some((o) => !o.hasEmail)) missing.push('email');
  if (owners.some((o) => !o.hasPhone)) missing.push('phone');
  return missing;
}

const key = (kind: ReminderKind, unitUuid: string, episode: string) => `${kind}:${unitUuid}:${episode}`;

/** The first day an insurance end date is reminded of. */
export const insuranceWindowStart = (endDate: string, settings: ReminderSettings): string =>
  addDays(endDate, -settings.insuranceDaysBefore);

/** The first day a warranty's end is reminded of. */
export const warrantyWindowStart = (warrantyEnd: string, settings: ReminderSettings): string =>
  addDays(warrantyEnd, -settings.warrantyDaysBefore);

/** The reminders of `unit` due on `asOf` under `settings`, each with its episode key. */
export function dueReminders(unit: ReminderUnit, settings: ReminderSettings, asOf: string): DueReminder[] {
  const on = new Set(settings.enabled);
  const year = asOf.slice(0, 4);
  const due: DueReminder[] = [];
  const { endDate, provider } = unit.insurance;
  if (on.has('insuranceExpiring') && endDate && asOf >= insuranceWindowStart(endDate, settings)) {
    due.push({ kind: 'insuranceExpiring', episodeKey: key('insuranceExpiring', unit.uuid, endDate) });
  }
  if (on.has('insuranceProofMissing') && (!provider || !endDate || !unit.hasInsuranceProof)) {
    due.push({
      kind: 'insuranceProofMissing',
      episodeKey: key('insuranceProofMissing', unit.uuid, endDate ?? year),
    });
  }
  const { installationDate, warrantyEndDate } = unit.waterHeater;
  if (
    on.has('waterHeaterWarranty') &&
    warrantyEndDate &&
    asOf >= warrantyWindowStart(warrantyEndDate, settings)
  ) {
    due.push({
      kind: 'waterHeaterWarranty',
      episodeKey: key('waterHeaterWarranty', unit.uuid, warrantyEndDate),
    });
  }
  if (
    on.has('waterHeaterLife') &&
    installationDate &&
    asOf >= addYears(installationDate, settings.waterHeaterLifeYears)
  ) {
    due.push({ kind: 'waterHeaterLife', episodeKey: key('waterHeaterLife', unit.uuid, installationDate) });
  }
  if (on.has('waterHeaterIncomplete') && (!installationDate || !warrantyEndDate)) {
    due.push({ kind: 'waterHeaterIncomplete', episodeKey: key('waterHeaterIncomplete', unit.uuid, year) });
  }
  if (on.has('ownerDataMissing')) {
    const missing = missingOwnerData(unit.owners);
    if (missing.length > 0) {
      due.push({ kind: 'ownerDataMissing', episodeKey: key('ownerDataMissing', unit.uuid, year), missing });
    }
  }
  return due;
}
