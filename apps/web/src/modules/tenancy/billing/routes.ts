import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { signedInRoute } from '../../../app/signed-in-route';

const billingAccountsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'billing-accounts',
  component: lazyPage(() => import('./billing-accounts-page').then((m) => m.BillingAccountsPage)),
});

const billingAccountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'billing-accounts/$billingAccountId',
  component: lazyPage(() => import('./billing-account-page').then((m) => m.BillingAccountPage)),
});

/** Where the payment partner sends the user back after they changed their payment method (SPEC 2). */
const paymentMethodUpdatedRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'billing-accounts/$billingAccountId/success-updating-payment-method',
  component: lazyPage(() => import('./payment-method-updated-page').then((m) => m.PaymentMethodUpdatedPage)),
});

export const billingRoutes = {
  signedIn: [billingAccountsRoute, billingAccountRoute, paymentMethodUpdatedRoute] as const,
};
