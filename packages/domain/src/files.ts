/**
 * SPEC 5 "Forbidden file kinds include executables, scripts and html": the one rule every upload
 * and every received mail's attachment goes through (posts, requests, request emails). A file is
 * forbidden by its name's extension, its declared type, or its first bytes, whatever the name
 * claims: an attachment opened from Copro's origin must never run there.
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
  'drv',
  'ocx',
  'lnk',
  'reg',
  'hta',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'mjs',
  'cjs',
  'jse',
  'wsf',
  'wsh',
  'jar',
  'apk',
  'app',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'command',
  'py',
  'pl',
  'rb',
  'php',
  'phtml',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'mht',
  'mhtml',
  'svg',
  'svgz',
  'xht',
  'elf',
  'bin',
  'run',
  'appimage',
  'iso',
  'so',
]);
const forbiddenMimeTypes = [
  /^text\/html$/,
  /^application\/xhtml\+xml$/,
  /^image\/svg\+xml$/,
  /javascript|ecmascript/,
  /^application\/x-(msdownload|msdos-program|executable|sh|shellscript|csh|bat|msi|elf|mach-binary|php|perl|python)/,
  /^application\/(vnd\.microsoft\.portable-executable|java-archive|vnd\.android\.package-archive)$/,
  /^text\/x-(shellscript|script|python|perl|php|sh)/,
];

/**
 * SPEC 5: executables, scripts and HTML are refused, by the name's extension, the declared type,
 * or the file's first bytes (a Windows or ELF binary, a Mach-O binary, a `#!` script), whatever
 * the name claims.
 */
export function isForbiddenFile(fileName: string, mimeType: string, head: Uint8Array): boolean {
  const extension = /\.([^.]+)$/.exec(fileName.trim().toLowerCase())?.[1] ?? '';
  if (forbiddenExtensions.has(extension)) return true;
  const type = mimeType.trim().toLowerCase();
  if (forbiddenMimeTypes.some((pattern) => pattern.test(type))) return true;
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  return (
    starts(0x4d, 0x5a) || // MZ: Windows executables
    starts(0x7f, 0x45, 0x4c, 0x46) || // ELF
    starts(0xcf, 0xfa, 0xed, 0xfe) || // Mach-O
    starts(0xfe, 0xed, 0xfa, 0xcf) ||
    starts(0x23, 0x21) // #!
  );
}
