import { AppError } from '../../../platform/errors';
import type { TransactionOwner } from '../../ledger';

/**
 * DOMAIN 6: the transfer of the former owners' balance to the new account is the sale's, which
 * closed the former account on it; cancelling it alone would leave a closed account owing. The
 * transactions a sale moved to the new account are their own areas' (or no one's) to cancel.
 */
export const saleOwner: TransactionOwner = {
  area: 'unit sales',
  owns: async (_tx, _scope, row) => row.kind === 'unitBalanceTransfer',
  cancel: async () => {
    throw new AppError('validation', [{ path: [], key: 'sales.errors.balanceTransferOfSale' }]);
  },
};
