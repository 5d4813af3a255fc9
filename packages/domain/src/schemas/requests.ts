import { z } from 'zod';
import { hexColorSchema, limits, timestampSchema } from './common';

/**
 * Requests (DOMAIN 11, SPEC 3 "Request", "Request tag", "Email template"): the forms and answers
 * of a building's requests, their internal notes and attachments, the tags and the request email
 * templates (a building's own and its group's), and the navbar's badge counts.
 */

export const requestStatuses = ['open', 'underway', 'closed'] as const;
export type RequestStatus = (typeof requestStatuses)[number];
export const requestStatusSchema = z.enum(requestStatuses);

/** SPEC 5: a request holds at most 10 attachments. */
export const maxRequestAttachments = 10;
/** SPEC 7: the badge counts stop at 100; the web shows "99+" above 99. */
export const requestCountCap = 100;
export const requestTagNameMax = 30;
export const maxTagsPerRequest = 20;

const userIdSchema = z.string().trim().min(1).max(100);
const titleSchema = z
  .string()
  .trim()
  .min(1)
  .max(limits.name * 2);
const descriptionSchema = z.string().max(limits.longText);

// ---------------------------------------------------------------- tags

/** Where a tag or a template is kept: the building's own, or its group's (offered in each building). */
export const requestScopes = ['building', 'group'] as const;
export const requestScopeSchema = z.enum(requestScopes);

export const requestTagSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  color: z.string(),
  /** A user who handles requests; a request tagged with it and assigned to nobody goes to them. */
  defaultHandlerId: z.string().nullable(),
  defaultHandlerName: z.string().nullable(),
  scope: requestScopeSchema,
});
export type RequestTag = z.infer<typeof requestTagSchema>;

export const requestTagListSchema = z.object({ items: z.array(requestTagSchema) });
export type RequestTagList = z.infer<typeof requestTagListSchema>;

export const requestTagInputSchema = z.object({
  name: z.string().trim().min(1).max(requestTagNameMax),
  color: hexColorSchema,
  defaultHandlerId: userIdSchema.nullable().default(null),
});
export type RequestTagInput = z.input<typeof requestTagInputSchema>;

// ---------------------------------------------------------------- requests

export const requestAttachmentSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().min(0),
});
export type RequestAttachment = z.infer<typeof requestAttachmentSchema>;

export const requestNoteSchema = z.object({
  uuid: z.uuid(),
  authorName: z.string(),
  at: timestampSchema,
  text: z.string(),
});
export type RequestNote = z.infer<typeof requestNoteSchema>;

/** A request as a list shows it. */
export const requestSummarySchema = z.object({
  uuid: z.uuid(),
  /** Sequential per building, shown as #12. */
  number: z.number().int().min(1),
  title: z.string(),
  status: requestStatusSchema,
  unitUuid: z.uuid().nullable(),
  unitNumber: z.string().nullable(),
  requesterName: z.string(),
  requesterEmail: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  tags: z.array(z.uuid()),
  attachmentCount: z.number().int().min(0),
  /** Whether the request came by email. */
  fromEmail: z.boolean(),
  createdAt: timestampSchema,
  lastActivityAt: timestampSchema,
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

/** One request's page. `notes` is null for readers who do not handle requests (owners, residents). */
export const requestDetailSchema = requestSummarySchema.extend({
  description: z.string(),
  requesterId: z.string().nullable(),
  attachments: z.array(requestAttachmentSchema),
  notes: z.array(requestNoteSchema).nullable(),
  updatedAt: timestampSchema,
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

export const requestPageSize = 50;

export const requestListQuerySchema = z.object({
  status: requestStatusSchema.optional(),
  tag: z.uuid().optional(),
  /** A user id, or `none` for the requests assigned to nobody. */
  assignee: userIdSchema.optional(),
  unit: z.uuid().optional(),
  q: z.string().trim().max(limits.name).default(''),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(requestPageSize),
});
export type RequestListQuery = z.input<typeof requestListQuerySchema>;

export const requestListSchema = z.object({
  items: z.array(requestSummarySchema),
  total: z.number().int().min(0),
});
export type RequestList = z.infer<typeof requestListSchema>;

/**
 * A new request. Owners, residents and approvers submitting their own send title, description,
 * unit and tags (they are the requester); handlers may also name the requester and the assignee.
 */
export const newRequestSchema = z.object({
  title: titleSchema,
  description: descriptionSchema.default(''),
  unitUuid: z.uuid().nullable().default(null),
  /** A user of the building the request is made for (handlers only); else the requester is the caller. */
  requesterId: userIdSchema.nullable().default(null),
  /** Someone outside the app (a phone call) the request is made for (handlers only). */
  requesterName: z.string().trim().max(limits.displayName).default(''),
  requesterEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(limits.email)
    .pipe(z.union([z.literal(''), z.email({ message: 'validation.enterValidEmail' })]))
    .default(''),
  assigneeId: userIdSchema.nullable().default(null),
  tags: z.array(z.uuid()).max(maxTagsPerRequest).default([]),
});
export type NewRequest = z.input<typeof newRequestSchema>;

export const requestEditSchema = z
  .object({
    status: requestStatusSchema,
    title: titleSchema,
    description: descriptionSchema,
    unitUuid: z.uuid().nullable(),
    assigneeId: userIdSchema.nullable(),
    tags: z.array(z.uuid()).max(maxTagsPerRequest),
  })
  .partial();
export type RequestEdit = z.input<typeof requestEditSchema>;

export const requestNoteInputSchema = z.object({ text: z.string().trim().min(1).max(limits.notes) });
export type RequestNoteInput = z.input<typeof requestNoteInputSchema>;

export const requestMergeSchema = z.object({ intoUuid: z.uuid() });
export type RequestMerge = z.input<typeof requestMergeSchema>;

/** Who a request may be assigned to: the building's users with a handling role. */
export const requestHandlerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const requestHandlerListSchema = z.object({ items: z.array(requestHandlerSchema) });
export type RequestHandler = z.infer<typeof requestHandlerSchema>;

/** What a new request's form offers: the tags, whether one is needed, and (to handlers) the handlers. */
export const requestFormOptionsSchema = z.object({
  tags: z.array(requestTagSchema),
  tagsMandatory: z.boolean(),
  handlers: z.array(requestHandlerSchema),
  /** The units the form offers: every unit to handlers, the caller's own to owners and residents. */
  units: z.array(z.object({ uuid: z.uuid(), number: z.string() })),
});
export type RequestFormOptions = z.infer<typeof requestFormOptionsSchema>;

/** A group's requests list: each with the building it is in. */
export const groupRequestSummarySchema = requestSummarySchema.extend({
  buildingRef: z.string(),
  buildingName: z.string(),
});
export const groupRequestListSchema = z.object({
  items: z.array(groupRequestSummarySchema),
  total: z.number().int().min(0),
});
export type GroupRequestList = z.infer<typeof groupRequestListSchema>;
export const groupRequestListQuerySchema = requestListQuerySchema.omit({ assignee: true, unit: true });

// ---------------------------------------------------------------- email templates

export const requestEmailTemplateSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  subject: z.string(),
  /** Sanitized rich text (HTML). */
  body: z.string(),
  tags: z.array(z.uuid()),
  scope: requestScopeSchema,
});
export type RequestEmailTemplate = z.infer<typeof requestEmailTemplateSchema>;

export const requestEmailTemplateListSchema = z.object({ items: z.array(requestEmailTemplateSchema) });
export type RequestEmailTemplateList = z.infer<typeof requestEmailTemplateListSchema>;

export const requestEmailTemplateInputSchema = z.object({
  name: z.string().trim().min(1).max(limits.name),
  subject: z.string().trim().min(1).max(limits.displayName),
  body: z.string().max(limits.veryLongText),
  tags: z.array(z.uuid()).max(maxTagsPerRequest).default([]),
});
export type RequestEmailTemplateInput = z.input<typeof requestEmailTemplateInputSchema>;

export const requestTemplateRenderSchema = z.object({ requestUuid: z.uuid() });
/** A template filled with a request's data; `missing` names the merge fields it had no value for. */
export const renderedRequestTemplateSchema = z.object({
  subject: z.string(),
  body: z.string(),
  missing: z.array(z.string()),
});
export type RenderedRequestTemplate = z.infer<typeof renderedRequestTemplateSchema>;

// ---------------------------------------------------------------- badge

/** The navbar badge (SPEC 7): each counted up to `requestCountCap`. */
export const requestCountsSchema = z.object({
  openRequests: z.number().int().min(0),
  unreadUnassignedEmails: z.number().int().min(0),
});
export type RequestCounts = z.infer<typeof requestCountsSchema>;
