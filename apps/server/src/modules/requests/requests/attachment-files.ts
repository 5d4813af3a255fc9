import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldIssue } from '@copro/domain';
import { AppError } from '../../../platform/errors';
import { withMultipart } from '../../../platform/multipart';

/** The largest file a request takes. */
export const maxRequestFileBytes = 10 * 1024 * 1024;

/**
 * SPEC 5: files that run or render as code are refused, whatever they claim to be: executables,
 * scripts, installers and HTML (an attachment opened from Copro's origin must not run there).
 */
const forbiddenExtensions = new Set([
  'exe',
  'com',
  'bat',
  'cmd',
  'msi',
  'msp',
  'scr',
  'pif',
  'cpl',
  'dll',
  'sys',
  'jar',
  'js',
  'mjs',
  'cjs',
  'jse',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'ps1',
  'psm1',
  'sh',
  'bash',
  'zsh',
  'csh',
  'py',
  'pl',
  'rb',
  'php',
  'app',
  'apk',
  'deb',
  'rpm',
  'dmg',
  'pkg',
  'bin',
  'run',
  'lnk',
  'reg',
  'hta',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'xml',
  'swf',
  'action',
  'command',
  'scpt',
  'elf',
  'so',
  'iso',
  'appimage',
]);
const forbiddenTypes = [
  /html/i,
  /javascript/i,
  /ecmascript/i,
  /x-msdownload/i,
  /x-executable/i,
  /x-sh\b/i,
  /svg/i,
];

/** Executable file headers: Windows (MZ), ELF, Mach-O, scripts (#!). */
const executableMagic = (bytes: Buffer): boolean => {
  const head = bytes.subarray(0, 4);
  return (
    head.subarray(0, 2).toString('latin1') === 'MZ' ||
    head.toString('latin1') === '\x7fELF' ||
    ['feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe'].includes(head.toString('hex')) ||
    head.subarray(0, 2).toString('latin1') === '#!'
  );
};

export interface UploadedRequestFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

const unreadable = (): AppError =>
  new AppError('validation', [{ path: ['file'], key: 'requests.validation.fileRefused' }]);

export function withRequestUploads(app: FastifyInstance, routes: (scoped: FastifyInstance) => void): void {
  withMultipart(app, { maxFileBytes: maxRequestFileBytes, unreadable }, routes);
}

/** The files of a multipart form (field `file`, one or more), each refused if its kind is forbidden. */
export async function uploadedRequestFiles(req: FastifyRequest): Promise<UploadedRequestFile[]> {
  const form = req.body;
  if (!(form instanceof FormData)) throw unreadable();
  const files: File[] = [];
  for (const entry of form.getAll('file')) if (entry instanceof File) files.push(entry);
  if (files.length === 0) throw new AppError('validation', [{ path: ['file'], key: 'validation.required' }]);
  const issues: FieldIssue[] = [];
  const uploads: UploadedRequestFile[] = [];
  for (const [i, file] of files.entries()) {
    const fileName = file.name.trim();
    const control = [...fileName].some((c) => c.charCodeAt(0) < 0x20);
    if (fileName.length === 0 || fileName.length > 300 || fileName.includes('/') || control) {
      issues.push({ path: ['file', i], key: 'validation.invalidIdentifier' });
      continue;
    }
    if (file.size > maxRequestFileBytes) throw new AppError('fileTooLarge');
    const bytes = Buffer.from(await file.arrayBuffer());
    const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
    if (
      forbiddenExtensions.has(extension) ||
      forbiddenTypes.some((t) => t.test(file.type)) ||
      executableMagic(bytes)
    ) {
      issues.push({ path: ['file', i], key: 'requests.validation.fileRefused' });
      continue;
    }
    uploads.push({ fileName, mimeType: file.type || 'application/octet-stream', bytes });
  }
  if (issues.length > 0) throw new AppError('validation', issues);
  return uploads;
}
