import { appVersion } from '@copro/domain';

const parts = (version: string): number[] => version.split('.').map((p) => Number.parseInt(p, 10) || 0);

/** True when `candidate` is a later semantic version than `current` (major.minor.patch). */
export function isNewerVersion(candidate: string, current: string): boolean {
  const a = parts(candidate);
  const b = parts(current);
  for (let i = 0; i < 3; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

let updateNeeded = false;

/** SPEC 4: a newer published version marks an update as needed; the next navigation reloads the page. */
export function noteLatestVersion(latestVersion: string): boolean {
  if (isNewerVersion(latestVersion, appVersion)) updateNeeded = true;
  return updateNeeded;
}

export const isUpdateNeeded = (): boolean => updateNeeded;
