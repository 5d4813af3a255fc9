export const billingStatuses = ['paid', 'within-grace-period', 'unpaid', 'unknown'] as const;
export type BillingStatus = (typeof billingStatuses)[number];
export const billingAccountStatuses = ['active', 'canceled', 'trialing', 'pay_now'] as const;
export type BillingAccountStatus = (typeof billingAccountStatuses)[number];
export const billingPaymentMethods = ['manual', 'test-account', 'stripe'] as const;

/** Days after paidUntil during which the building keeps working while admins are warned. */
export const billingGraceDays = 14;
const day = 24 * 60 * 60 * 1000;

/**
 * SPEC 4 "Billing status of a building". An account with no paid-until date (manual or test
 * accounts) counts as paid while active or trialing; a cancelled one or one asked to pay now
 * follows its paid-until date, and without one it is unpaid.
 */
export function billingStatusOf(
  account: { status: BillingAccountStatus; paidUntil: Date | null } | null,
  now: Date,
): BillingStatus {
  if (!account) return 'unknown';
  if (!account.paidUntil) {
    return account.status === 'active' || account.status === 'trialing' ? 'paid' : 'unpaid';
  }
  const until = account.paidUntil.getTime();
  if (now.getTime() <= until) return 'paid';
  if (now.getTime() <= until + billingGraceDays * day) return 'within-grace-period';
  return 'unpaid';
}
