import { z } from 'zod';
import { looseEmailFolders, requestEmailFolders } from '../requests/threading';
import { requestMailLimits } from '../requests/mail';
import { emailSchema, limits, timestampSchema } from './common';
import { emailDeliveryStatusSchema } from './mail-delivery';

/**
 * Request emails (SPEC 3 "Request email", DOMAIN 11): the emails received at a building's request
 * address and the replies sent from Copro, each in a request or in a folder.
 */

export const requestEmailFolderSchema = z.enum(requestEmailFolders);
export const looseEmailFolderSchema = z.enum(looseEmailFolders);

export const requestEmailAttachmentSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type RequestEmailAttachment = z.infer<typeof requestEmailAttachmentSchema>;

/** A file of a received email that was not kept: a forbidden kind, or past the tenth. */
export const refusedAttachmentSchema = z.object({
  fileName: z.string(),
  reason: z.enum(['forbidden', 'tooMany']),
});

/** One email as a folder lists it: who, when, the preview, whether this user read it. */
export const requestEmailSummarySchema = z.object({
  uuid: z.uuid(),
  date: timestampSchema,
  /** Sent from Copro (a reply): the sender is the building, `sentBy` the user who wrote it. */
  self: z.boolean(),
  fromAddress: z.string(),
  fromName: z.string().nullable(),
  sentBy: z.string().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  preview: z.string(),
  /** Read by the user asking. */
  read: z.boolean(),
  folder: requestEmailFolderSchema,
  requestUuid: z.uuid().nullable(),
  /** SPEC 4 delivery status of a reply of ours; null for a received email. */
  sentStatus: emailDeliveryStatusSchema.nullable(),
  attachmentCount: z.number().int(),
});
export type RequestEmailSummary = z.infer<typeof requestEmailSummarySchema>;

/** One email whole: its body (HTML sanitized when received), threading headers and files. */
export const requestEmailSchema = requestEmailSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  messageId: z.string().nullable(),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  attachments: z.array(requestEmailAttachmentSchema),
  refusedAttachments: z.array(refusedAttachmentSchema),
});
export type RequestEmail = z.infer<typeof requestEmailSchema>;

/** A request's conversation, oldest first. */
export const requestConversationSchema = z.object({ items: z.array(requestEmailSchema) });
export type RequestConversation = z.infer<typeof requestConversationSchema>;

export const defaultEmailPageSize = 50;

/** The folders a handler browses: every email outside requests that nobody set aside, or one folder. */
export const emailFolderQuerySchema = z.object({
  folder: looseEmailFolderSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(defaultEmailPageSize),
});
export type EmailFolderQuery = z.infer<typeof emailFolderQuerySchema>;

export const requestEmailPageSchema = z.object({
  items: z.array(requestEmailSummarySchema),
  total: z.number().int(),
});
export type RequestEmailPage = z.infer<typeof requestEmailPageSchema>;

export const requestEmailReadSchema = z.object({ read: z.boolean() });

/** Where an email goes: into a request, or to a folder outside requests. */
export const requestEmailMoveSchema = z.union([
  z.object({ requestUuid: z.uuid() }),
  z.object({ folder: looseEmailFolderSchema }),
]);
export type RequestEmailMove = z.infer<typeof requestEmailMoveSchema>;

/** A reply from Copro (the JSON field `reply` of the multipart form; files in `files`). */
export const requestReplySchema = z
  .object({
    to: z.array(emailSchema).min(1).max(requestMailLimits.recipients),
    cc: z.array(emailSchema).max(requestMailLimits.recipients).default([]),
    subject: z.string().trim().min(1).max(requestMailLimits.subject),
    body: z.string().trim().min(1).max(limits.veryLongText),
  })
  .superRefine((reply, ctx) => {
    // The limit is on the mail's recipients together (SPEC 5), said where they are typed.
    if (new Set([...reply.to, ...reply.cc]).size > requestMailLimits.recipients) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'array',
        maximum: requestMailLimits.recipients,
        inclusive: true,
        input: reply.to,
        path: ['to'],
      });
    }
  });
export type RequestReply = z.infer<typeof requestReplySchema>;
export type RequestReplyInput = z.input<typeof requestReplySchema>;

/** The building's request address; `receiving` says whether this server listens for mail. */
export const requestMailAddressSchema = z.object({
  address: z.string(),
  receiving: z.boolean(),
});
export type RequestMailAddress = z.infer<typeof requestMailAddressSchema>;
