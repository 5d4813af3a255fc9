/**
 * The query keys of a building's reconciliations. Live events of the banks and of the ledger's
 * transactions refresh them (`meta.liveCollections`); after a write, everything under
 * `reconciliationKey` is read again. A period's tick list and its imports sit side by side under
 * the period, neither key a prefix of the other: a tick updates the lists' cache by its prefix.
 */
export const reconciliationKey = (buildingRef: string) =>
  ['building', buildingRef, 'reconciliation'] as const;

export const bankKey = (buildingRef: string, bankUuid: string) =>
  [...reconciliationKey(buildingRef), bankUuid] as const;

export const periodLinesKey = (buildingRef: string, bankUuid: string, periodUuid: string) =>
  [...bankKey(buildingRef, bankUuid), 'period', periodUuid, 'lines'] as const;

export const periodImportsKey = (buildingRef: string, bankUuid: string, periodUuid: string) =>
  [...bankKey(buildingRef, bankUuid), 'period', periodUuid, 'imports'] as const;
