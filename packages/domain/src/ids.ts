const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random alphanumeric string from a CSPRNG; rejection sampling keeps the distribution uniform. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const b of bytes) {
      if (b < 248 && out.length < length) out += alphanumerics[b % 62];
    }
  }
  return out;
}

/** Prefixed ids: a short prefix, an underscore and 22 alphanumerics (SPEC 5 "Ids"). */
export const idPattern = (prefix: string): RegExp => new RegExp(`^${prefix}_[A-Za-z0-9]{22}$`);
export const newId = (prefix: string): string => `${prefix}_${randomAlphanumeric(22)}`;

export const newBuildingGroupId = (): string => newId('bg');
export const newBillingAccountId = (): string => newId('ba');
export const isBuildingGroupId = (value: string): boolean => idPattern('bg').test(value);

export const newUuid = (): string => crypto.randomUUID();
