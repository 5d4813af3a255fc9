import type { FastifyRequest } from 'fastify';
import type { BuildingRole, Language, Post, PostSummary } from '@copro/domain';
import type { post } from '../../../db/schema/index';
import type { LogSource } from '../../../db/schema/index';
import type { BuildingRow } from '../../../platform/access';
import { userSource } from '../../../platform/audit';
import { requestToday } from '../../../platform/request-clock';
import { buildingOf, userOf } from '../../../platform/routes';

export type PostRow = typeof post.$inferSelect;

/** Where a post's attachment is kept. */
export const postFileKey = (buildingId: string, postUuid: string, fileId: string): string =>
  `buildings/${buildingId}/posts/${postUuid}/${fileId}`;

/** What a post request works with: the building, who asks (their role and address), their language and today. */
export interface PostContext {
  building: BuildingRow;
  role: BuildingRole | null;
  user: { id: string; name: string; email: string };
  source: LogSource;
  language: Language;
  today: string;
}

export function postContextOf(req: FastifyRequest): PostContext {
  const access = buildingOf(req);
  const user = userOf(req);
  return {
    building: access.building,
    role: access.role,
    user: { id: user.id, name: user.name, email: user.email.trim().toLowerCase() },
    source: userSource(user),
    language: req.ctx.language,
    today: requestToday(req),
  };
}

export const postView = (row: PostRow): Post => ({
  uuid: row.uuid,
  date: row.date,
  texts: row.texts,
  authorId: row.authorId,
  authorName: row.authorName,
  recipients: row.recipients,
  sendEmail: row.sendEmail,
  attachments: row.attachments,
  createdAt: row.createdAt.toISOString(),
});

export const postSummaryView = (row: PostRow): PostSummary => ({
  uuid: row.uuid,
  date: row.date,
  titles: {
    ...(row.texts.en ? { en: row.texts.en.title } : {}),
    ...(row.texts.fr ? { fr: row.texts.fr.title } : {}),
  },
  authorName: row.authorName,
  recipients: row.recipients,
  sendEmail: row.sendEmail,
  attachmentCount: row.attachments.length,
  createdAt: row.createdAt.toISOString(),
});
