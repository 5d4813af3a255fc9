import { z } from 'zod';

/**
 * SPEC 4 "Email delivery status": what the author of a post or of a request's reply sees of each
 * mail. `pending` waits in the outbox (or stays there without SMTP), `processed` is being handed
 * to the SMTP server, `sent` was accepted by it, `deferred` failed and will be tried again,
 * `bounce` was refused for good by the receiving side (a 5xx answer or a bounce report),
 * `dropped` was given up after the last attempt, `blocked` was not sent because the building
 * sends no emails, `delivered` was reported delivered by a delivery status notification.
 */
export const emailDeliveryStatuses = [
  'pending',
  'sent',
  'delivered',
  'deferred',
  'bounce',
  'dropped',
  'blocked',
  'processed',
] as const;
export type EmailDeliveryStatus = (typeof emailDeliveryStatuses)[number];
export const emailDeliveryStatusSchema = z.enum(emailDeliveryStatuses);

/** The statuses after which nothing more will happen to a mail: a resend goes to the others. */
export const receivedDeliveryStatuses: readonly EmailDeliveryStatus[] = ['sent', 'delivered'];
