import { unitSaleSchema, type SaleBalanceOption, type UnitSaleInput } from '@copro/domain';
import { prepareWith, type Prepared } from '../../../ui/prepare';

/** The sale form as typed. */
export interface SaleValues {
  date: string;
  newOwners: string[];
  balance: SaleBalanceOption;
}

/**
 * Carrying the balance is the common case (the notary adjusts the price between seller and
 * buyer); leaving it with the former owner is the deliberate choice.
 */
export const newSaleValues = (date: string): SaleValues => ({ date, newOwners: [], balance: 'carry' });

export const prepareSale = (values: SaleValues): Prepared<UnitSaleInput> =>
  prepareWith(unitSaleSchema, values);
