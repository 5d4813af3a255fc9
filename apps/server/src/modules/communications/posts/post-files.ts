import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isForbiddenFile,
  issuesOf,
  maxPostAttachmentBytes,
  maxPostAttachments,
  postInputSchema,
  type FieldIssue,
  type PostAttachment,
  type PostInput,
} from '@copro/domain';
import { AppError } from '../../../platform/errors';
import { withMultipart } from '../../../platform/multipart';
import type { FileChanges } from '../../../platform/storage';
import { postFileKey } from './post-rows';

/** The largest new-post form: several attachments of a few megabytes each. */
const maxPostFormBytes = 30 * 1024 * 1024;

const unreadable = (): AppError =>
  new AppError('validation', [{ path: ['post'], key: 'validation.completeForm' }]);

/** Registers `routes` in a scope whose bodies are the new-post form: the post as JSON (`post`) and its files (`files`). */
export function withPostUploads(app: FastifyInstance, routes: (scoped: FastifyInstance) => void): void {
  withMultipart(app, { maxFileBytes: maxPostFormBytes, unreadable }, routes);
}

export interface PostUpload {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/**
 * The post and its files, checked: the JSON against the shared form schema, at most 10 files
 * (SPEC 5 "Too many files attached"), names a file may have, no forbidden kind (SPEC 5:
 * executables, scripts, HTML), none larger than the limit.
 */
export async function uploadedPost(req: FastifyRequest): Promise<{ input: PostInput; files: PostUpload[] }> {
  const form = req.body;
  if (!(form instanceof FormData)) throw unreadable();
  const json = form.get('post');
  if (typeof json !== 'string') throw unreadable();
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw unreadable();
  }
  const parsed = postInputSchema.safeParse(raw);
  const issues: FieldIssue[] = parsed.success ? [] : issuesOf(parsed.error);
  const files: File[] = [];
  for (const entry of form.getAll('files')) if (entry instanceof File) files.push(entry);
  if (files.length > maxPostAttachments) issues.push({ path: ['files'], key: 'validation.tooManyFiles' });
  const uploads: PostUpload[] = [];
  for (const [i, file] of files.entries()) {
    const fileName = file.name.trim();
    const controlCharacter = [...fileName].some((c) => c.charCodeAt(0) < 0x20);
    if (fileName.length === 0 || fileName.length > 300 || fileName.includes('/') || controlCharacter) {
      issues.push({ path: ['files', i], key: 'validation.invalidIdentifier' });
      continue;
    }
    if (file.size > maxPostAttachmentBytes) throw new AppError('fileTooLarge');
    const bytes = Buffer.from(await file.arrayBuffer());
    // The type is the browser's guess: one that is not a plain type/subtype is sent as bytes.
    const mimeType = /^[\w.+-]{1,100}\/[\w.+-]{1,150}$/.test(file.type)
      ? file.type.toLowerCase()
      : 'application/octet-stream';
    if (isForbiddenFile(fileName, mimeType, bytes.subarray(0, 8))) {
      issues.push({ path: ['files', i], key: 'posts.validation.forbiddenFile', params: { file: fileName } });
      continue;
    }
    uploads.push({ fileName, mimeType, bytes });
  }
  if (issues.length > 0 || !parsed.success) throw new AppError('validation', issues);
  return { input: parsed.data, files: uploads };
}

/** Stores the post's files through the transaction's file changes (removed again if it fails). */
export async function storePostFiles(
  files: FileChanges,
  buildingId: string,
  postUuid: string,
  uploads: readonly PostUpload[],
): Promise<PostAttachment[]> {
  const out: PostAttachment[] = [];
  for (const upload of uploads) {
    const fileId = randomUUID();
    await files.put(postFileKey(buildingId, postUuid, fileId), upload.bytes);
    out.push({ fileId, fileName: upload.fileName, mimeType: upload.mimeType, size: upload.bytes.length });
  }
  return out;
}
