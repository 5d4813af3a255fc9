import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  automaticCommunicationSettingsSchema,
  automaticMailHistoryQuerySchema,
  automaticMailHistorySchema,
  automaticMailPreviewQuerySchema,
  automaticMailPreviewSchema,
  automaticMailsPageSchema,
  automaticMailTemplateEditSchema,
  automaticMailTemplateParamsSchema,
  automaticMailTemplateSchema,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import type { Platform } from '../../../platform/platform';
import { requestToday } from '../../../platform/request-clock';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { previewMail } from './preview';
import { registerAutomaticMails } from './reminder-job';
import { reminderHistory, reminderSettings, saveReminderSettings } from './settings';
import { listTemplates, resetTemplate, saveTemplate, templateOfKind } from './templates';

const base = '/api/buildings/:buildingRef/automatic-mails';
const buildingParams = z.object({ buildingRef: z.string().min(1).max(40) });
// The texts that go to owners in the building's name, and when: the managers' (SPEC 6).
const managers = { permission: inBuilding('email-templates.create') };

/** Automatic communications and their editable mail templates (SPEC 2 posts/reminders). */
export function automaticMailRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  registerAutomaticMails(platform);

  api.get(
    base,
    { config: managers, schema: { params: buildingParams, response: { 200: automaticMailsPageSchema } } },
    async (req) => {
      const buildingId = buildingOf(req).building.id;
      return {
        settings: await reminderSettings(platform.db, buildingId),
        templates: await listTemplates(platform.db, buildingId),
      };
    },
  );

  api.put(
    `${base}/settings`,
    {
      config: managers,
      schema: {
        params: buildingParams,
        body: automaticCommunicationSettingsSchema,
        response: { 200: automaticCommunicationSettingsSchema },
      },
    },
    async (req) =>
      platform.db.transaction((tx) =>
        saveReminderSettings(tx, buildingOf(req).building.id, userSource(userOf(req)), req.body),
      ),
  );

  api.get(
    `${base}/history`,
    {
      config: managers,
      schema: {
        params: buildingParams,
        querystring: automaticMailHistoryQuerySchema,
        response: { 200: automaticMailHistorySchema },
      },
    },
    async (req) => reminderHistory(platform.db, buildingOf(req).building.id, req.query),
  );

  api.get(
    `${base}/preview`,
    {
      config: managers,
      schema: {
        params: buildingParams,
        querystring: automaticMailPreviewQuerySchema,
        response: { 200: automaticMailPreviewSchema },
      },
    },
    async (req) =>
      previewMail(
        platform.db,
        platform.config.publicUrl,
        buildingOf(req).building.id,
        requestToday(req),
        req.query,
      ),
  );

  api.put(
    `${base}/templates/:kind/:language`,
    {
      config: managers,
      schema: {
        params: automaticMailTemplateParamsSchema,
        body: automaticMailTemplateEditSchema,
        response: { 200: automaticMailTemplateSchema },
      },
    },
    async (req) => {
      const buildingId = buildingOf(req).building.id;
      const { kind, language } = req.params;
      await platform.db.transaction((tx) =>
        saveTemplate(tx, buildingId, userSource(userOf(req)), kind, language, req.body),
      );
      return templateOfKind(platform.db, buildingId, kind);
    },
  );

  api.delete(
    `${base}/templates/:kind/:language`,
    {
      config: managers,
      schema: {
        params: automaticMailTemplateParamsSchema,
        response: { 200: automaticMailTemplateSchema },
      },
    },
    async (req) => {
      const buildingId = buildingOf(req).building.id;
      const { kind, language } = req.params;
      await platform.db.transaction((tx) =>
        resetTemplate(tx, buildingId, userSource(userOf(req)), kind, language),
      );
      return templateOfKind(platform.db, buildingId, kind);
    },
  );
}
