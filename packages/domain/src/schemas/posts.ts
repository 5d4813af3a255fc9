import { z } from 'zod';
import { isoDateSchema, limits, nameSchema, timestampSchema } from './common';
import { emailDeliveryStatusSchema, emailDeliveryStatuses } from './mail-delivery';
import {
  postRecipientValuesSchema,
  recipientValueSchema,
  recipientValuesSchema,
} from '../communications/recipients';

/**
 * Posts and post templates (DOMAIN 11, SPEC 3 "Post", "Post template"): the forms and the API's
 * answers. A post carries its title and body in English, French or both; each reader, and each
 * recipient of its email, gets their language when the post has it, else the other.
 */

/** SPEC 5: a post carries at most 10 attachments. */
export const maxPostAttachments = 10;
/** The largest attachment taken. */
export const maxPostAttachmentBytes = 10 * 1024 * 1024;

export const postTextSchema = z.object({
  title: z.string().trim().min(1).max(limits.displayName),
  /** Rich text (HTML), sanitized by the server. */
  body: z.string().trim().min(1).max(limits.veryLongText),
});
export type PostText = z.infer<typeof postTextSchema>;

export const postTextsSchema = z
  .object({ en: postTextSchema.optional(), fr: postTextSchema.optional() })
  .refine((texts) => texts.en !== undefined || texts.fr !== undefined, {
    message: 'validation.required',
    path: ['en'],
  });
export type PostTexts = z.infer<typeof postTextsSchema>;

/** The new-post form (the JSON field `post` of the multipart request, files beside it). */
export const postInputSchema = z.object({
  texts: postTextsSchema,
  /** Defaults to the building's today. */
  date: isoDateSchema.optional(),
  recipients: postRecipientValuesSchema,
  sendEmail: z.boolean(),
});
export type PostInput = z.infer<typeof postInputSchema>;
export type PostFormValues = z.input<typeof postInputSchema>;

export const postAttachmentSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().min(0),
});
export type PostAttachment = z.infer<typeof postAttachmentSchema>;

const titlesSchema = z.object({ en: z.string().optional(), fr: z.string().optional() });

export const postSummarySchema = z.object({
  uuid: z.uuid(),
  date: isoDateSchema,
  titles: titlesSchema,
  authorName: z.string(),
  recipients: z.array(recipientValueSchema),
  sendEmail: z.boolean(),
  attachmentCount: z.number().int().min(0),
  createdAt: timestampSchema,
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postSchema = z.object({
  uuid: z.uuid(),
  date: isoDateSchema,
  texts: z.object({ en: postTextSchema.optional(), fr: postTextSchema.optional() }),
  authorId: z.string(),
  authorName: z.string(),
  recipients: z.array(recipientValueSchema),
  sendEmail: z.boolean(),
  attachments: z.array(postAttachmentSchema),
  createdAt: timestampSchema,
});
export type Post = z.infer<typeof postSchema>;

/** Without `show=all`, the last 12 months to the building's today (SPEC 2 posts). */
export const postListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(limits.name).default(''),
  show: z.enum(['all']).optional(),
});
export type PostListQuery = z.output<typeof postListQuerySchema>;
export type PostListParams = z.input<typeof postListQuerySchema>;

export const postPageSchema = z.object({
  items: z.array(postSummarySchema),
  total: z.number().int().min(0),
});
export type PostPage = z.infer<typeof postPageSchema>;

/** One recipient address of a post and where its last mail stands (SPEC 4). */
export const postDeliverySchema = z.object({
  personUuid: z.string(),
  name: z.string(),
  email: z.string(),
  units: z.array(z.string()),
  language: z.enum(['en', 'fr']),
  /** Null when the post was not emailed. */
  status: emailDeliveryStatusSchema.nullable(),
  error: z.string().nullable(),
  sentAt: timestampSchema.nullable(),
  /** How many times a mail went to this address. */
  attempts: z.number().int().min(0),
});
export type PostDelivery = z.infer<typeof postDeliverySchema>;

export const postDeliveriesSchema = z.object({
  recipients: z.array(postDeliverySchema),
  counts: z.object(
    Object.fromEntries(emailDeliveryStatuses.map((s) => [s, z.number().int().min(0)])) as Record<
      (typeof emailDeliveryStatuses)[number],
      z.ZodNumber
    >,
  ),
});
export type PostDeliveries = z.infer<typeof postDeliveriesSchema>;

/** What a resend answers: how many mails went out again. */
export const postResendSchema = z.object({ resent: z.number().int().min(0) });

// ---------------------------------------------------------------- templates

export const postTemplateInputSchema = z.object({
  name: nameSchema,
  texts: postTextsSchema,
  sendEmail: z.boolean(),
  recipients: recipientValuesSchema,
});
export type PostTemplateInput = z.infer<typeof postTemplateInputSchema>;
export type PostTemplateFormValues = z.input<typeof postTemplateInputSchema>;

export const postTemplateSchema = z.object({
  uuid: z.uuid(),
  /** A building's own template, or its group's (shared by the group's buildings). */
  scope: z.enum(['building', 'group']),
  name: z.string(),
  texts: z.object({ en: postTextSchema.optional(), fr: postTextSchema.optional() }),
  sendEmail: z.boolean(),
  recipients: z.array(recipientValueSchema),
  updatedAt: timestampSchema,
});
export type PostTemplate = z.infer<typeof postTemplateSchema>;
export const postTemplateListSchema = z.array(postTemplateSchema);
