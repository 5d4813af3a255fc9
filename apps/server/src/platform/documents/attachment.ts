/** A download's Content-Disposition: the plain-ASCII name for old clients, the exact one for the others (RFC 6266). */
export const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.normalize('NFD').replace(/[^\x20-\x7e]|["\\]/g, '')}"; ` +
  `filename*=UTF-8''${encodeURIComponent(fileName)}`;
