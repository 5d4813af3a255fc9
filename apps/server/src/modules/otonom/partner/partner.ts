import {
  otonomTransactionTypes,
  type OtonomApiVersion,
  type OtonomTransactionType,
  type PadFileKind,
} from '@copro/domain';

/**
 * The payment partner (Otonom, DOMAIN 8) as the area sees it: it takes a file of debits or
 * credits, and answers the status of each transaction by its reference. One interface, so the
 * real partner is a configuration change (`OTONOM_URL`, `OTONOM_API_KEY`): the HTTP client speaks
 * to the partner or to the local fake (fake-partner.ts) alike; without a URL there is no partner,
 * and nothing pretends to be sent.
 */

/** The partner's transaction type of each kind's file: debits from owners, payments to suppliers. */
export const partnerFileType: Record<PadFileKind, OtonomTransactionType> = {
  units: otonomTransactionTypes.debit,
  suppliers: otonomTransactionTypes.supplierPayment,
};

export interface PartnerFile {
  /** The building's Otonom id and client id (Building `otonom`). */
  buildingOtonomId: string;
  clientId: string;
  apiVersion: OtonomApiVersion;
  kind: PadFileKind;
  fileName: string;
  content: string;
  /**
   * The file's uuid: the partner takes a file once per key, so a file it accepted whose database
   * transaction then failed is not taken twice when it is sent again with the same key.
   */
  idempotencyKey: string;
}

export interface PartnerStatusQuery {
  buildingOtonomId: string;
  clientId: string;
  references: string[];
}

/** One transaction's status as the partner answers it (its words, checked by the caller). */
export interface PartnerStatus {
  reference: string;
  status: string;
  returnCode: string | null;
  /** The day the status was reached (YYYY-MM-DD), when the partner says. */
  date: string | null;
}

export interface PaymentPartner {
  send(file: PartnerFile): Promise<{ partnerFileId: string }>;
  statuses(query: PartnerStatusQuery): Promise<PartnerStatus[]>;
}

/** The partner refused, failed or could not be reached; `reason` is its message (or the network's). */
export class PartnerError extends Error {
  constructor(readonly reason: string) {
    super(`payment partner: ${reason}`);
    this.name = 'PartnerError';
  }
}
