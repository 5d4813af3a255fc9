/**
 * An uploaded text file's text (bank statements, return files). Banks and partners write UTF-8 or
 * Windows-1252 (OFX 1.x `CHARSET:1252`, spreadsheets saved on Windows): bytes that are not UTF-8
 * are read as Windows-1252, so accents survive either way.
 */
export function decodeUploadedText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
