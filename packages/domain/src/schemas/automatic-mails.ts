import { z } from 'zod';
import { automaticMailKinds, automaticMailLimits, reminderKinds } from '../communications/automatic-mails';
import { isoDateSchema, timestampSchema } from './common';

/**
 * Automatic communications (DOMAIN 11, SPEC 2 `posts/reminders`) and the editable templates of
 * every automatic mail: the building's settings of the reminders, the templates with their
 * defaults, a preview with a unit's data, and the history of what the reminders sent.
 */

export const automaticMailKindSchema = z.enum(automaticMailKinds);
export const reminderKindSchema = z.enum(reminderKinds);
const languageSchema = z.enum(['en', 'fr']);

// ---------------------------------------------------------------- settings

/** The building's automatic communications: which are on and when they go. */
export const automaticCommunicationSettingsSchema = z.object({
  enabled: z.array(reminderKindSchema).max(reminderKinds.length),
  insuranceDaysBefore: z.number().int().min(0).max(365),
  warrantyDaysBefore: z.number().int().min(0).max(365),
  waterHeaterLifeYears: z.number().int().min(1).max(50),
});
export type AutomaticCommunicationSettings = z.infer<typeof automaticCommunicationSettingsSchema>;

// ---------------------------------------------------------------- templates

const templateText = z.object({ subject: z.string(), body: z.string() });

/** One kind in one language: what the building wrote, else the default, and the default itself. */
export const automaticMailTextSchema = templateText.extend({
  language: languageSchema,
  customized: z.boolean(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  updatedAt: timestampSchema.nullable(),
});
export type AutomaticMailTextView = z.infer<typeof automaticMailTextSchema>;

export const automaticMailTemplateSchema = z.object({
  kind: automaticMailKindSchema,
  /** The merge fields the kind's sender gives, to insert in its text. */
  fields: z.array(z.string()),
  audience: z.enum(['owners', 'staff']),
  texts: z.array(automaticMailTextSchema),
});
export type AutomaticMailTemplate = z.infer<typeof automaticMailTemplateSchema>;

export const automaticMailsPageSchema = z.object({
  settings: automaticCommunicationSettingsSchema,
  templates: z.array(automaticMailTemplateSchema),
});
export type AutomaticMailsPage = z.infer<typeof automaticMailsPageSchema>;

/** The template form: a kind's subject and body in one language. */
export const automaticMailTemplateEditSchema = z.object({
  subject: z.string().trim().min(1).max(automaticMailLimits.subject),
  body: z.string().trim().min(1).max(automaticMailLimits.body),
});
export type AutomaticMailTemplateEdit = z.infer<typeof automaticMailTemplateEditSchema>;

export const automaticMailTemplateParamsSchema = z.object({
  buildingRef: z.string().min(1).max(40),
  kind: automaticMailKindSchema,
  language: languageSchema,
});

// ---------------------------------------------------------------- preview

export const automaticMailPreviewQuerySchema = z.object({
  kind: automaticMailKindSchema,
  unitUuid: z.uuid(),
  language: languageSchema,
  /** A text being edited, previewed before it is saved; else the building's saved text. */
  subject: z.string().max(automaticMailLimits.subject).optional(),
  body: z.string().max(automaticMailLimits.body).optional(),
});
export type AutomaticMailPreviewQuery = z.infer<typeof automaticMailPreviewQuerySchema>;

export const automaticMailPreviewSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Fields the text names that the unit's data does not give: shown as typed. */
  missing: z.array(z.string()),
});
export type AutomaticMailPreview = z.infer<typeof automaticMailPreviewSchema>;

// ---------------------------------------------------------------- history

export const automaticMailHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const automaticMailSentSchema = z.object({
  uuid: z.uuid(),
  kind: reminderKindSchema,
  unitUuid: z.uuid(),
  unitNumber: z.string(),
  sentOn: isoDateSchema,
  recipients: z.array(z.string()),
});
export type AutomaticMailSent = z.infer<typeof automaticMailSentSchema>;

export const automaticMailHistorySchema = z.object({
  items: z.array(automaticMailSentSchema),
  total: z.number().int(),
});
export type AutomaticMailHistory = z.infer<typeof automaticMailHistorySchema>;
