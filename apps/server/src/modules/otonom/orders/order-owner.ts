import { AppError } from '../../../platform/errors';
import type { TransactionOwner } from '../../ledger';
import { ofPreAuthorizedDebit } from '../../receivables';

/**
 * A pre-authorized debit's payment, its reversal and its fee name their order (`padOrderUuid`):
 * the ledger's cancel of one is refused, since the order's status says where the money is; the
 * status is changed on payments/otonom instead (a refund, a return), which posts what is needed.
 */
export const padOrderOwner: TransactionOwner = {
  area: 'pre-authorized debits',
  owns: async (_tx, _scope, row) => ofPreAuthorizedDebit(row),
  cancel: async () => {
    throw new AppError('validation', [{ path: [], key: 'otonom.validation.cancelThroughStatus' }]);
  },
};
