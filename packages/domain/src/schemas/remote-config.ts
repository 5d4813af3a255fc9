import { z } from 'zod';

/** SPEC 9 "Remote config defaults". */
export const remoteConfigSchema = z.object({
  featureFlags: z
    .object({
      ai: z.boolean().default(false),
      billingAccounts: z.boolean().default(false),
      files: z.boolean().default(false),
      importSessions: z.boolean().default(false),
      notifications: z.boolean().default(false),
      logsDisplay: z.boolean().default(false),
      voteShareEditing: z.boolean().default(false),
    })
    .default({
      ai: false,
      billingAccounts: false,
      files: false,
      importSessions: false,
      notifications: false,
      logsDisplay: false,
      voteShareEditing: false,
    }),
  maintenance: z
    .object({
      active: z.boolean().default(false),
      message: z.object({ en: z.string().max(2000), fr: z.string().max(2000) }).optional(),
    })
    .default({ active: false }),
  latestVersion: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .default('1.0.0'),
  /** The user documentation the navbar links to (SPEC 2); no link while unset. */
  documentationUrl: z.url().max(2000).optional(),
  notificationRetentionDays: z.number().int().min(1).max(3650).default(30),
  transactionsPerPage: z.number().int().min(1).max(1000).default(20),
  paymentMethods: z
    .object({
      card: z.boolean().default(true),
      canadianPreAuthorizedDebit: z.boolean().default(true),
      wireTransfer: z.boolean().default(true),
      applePay: z.boolean().default(false),
      googlePay: z.boolean().default(false),
    })
    .default({
      card: true,
      canadianPreAuthorizedDebit: true,
      wireTransfer: true,
      applePay: false,
      googlePay: false,
    }),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;

export const defaultRemoteConfig: RemoteConfig = remoteConfigSchema.parse({});

/** SPEC 7: "defaults on parse failure". */
export function parseRemoteConfig(value: unknown): RemoteConfig {
  const parsed = remoteConfigSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultRemoteConfig;
}
