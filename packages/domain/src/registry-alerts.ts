import type { Insurance, WaterHeater } from './schemas/registry';
import { addDays } from './time';

/** How far ahead an insurance end date counts as "expiring" in the reports (DOMAIN 11). */
export const insuranceWarningDays = 60;

export type InsuranceStatus = 'missing' | 'expired' | 'expiring' | 'noProof' | 'valid';

/**
 * A unit's insurance on `today` (YYYY-MM-DD): missing without a provider and an end date; a
 * current policy whose proof was never handed in is "no proof" (the syndicate asks for it yearly).
 */
export function insuranceStatus(insurance: Insurance, hasProof: boolean, today: string): InsuranceStatus {
  if (!insurance.endDate || !insurance.provider) return 'missing';
  if (insurance.endDate < today) return 'expired';
  if (insurance.endDate <= addDays(today, insuranceWarningDays)) return 'expiring';
  return hasProof ? 'valid' : 'noProof';
}

export type WaterHeaterStatus = 'unknown' | 'pastWarranty' | 'underWarranty';

export function waterHeaterStatus(heater: WaterHeater, today: string): WaterHeaterStatus {
  if (!heater.warrantyEndDate) return 'unknown';
  return heater.warrantyEndDate < today ? 'pastWarranty' : 'underWarranty';
}
