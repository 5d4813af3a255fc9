import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isForbiddenFile } from './files';

const pdfHead = new TextEncoder().encode('%PDF-1.7');
const name = fc.stringMatching(/^[a-z0-9 _-]{1,20}$/);

describe('forbidden file kinds (SPEC 5)', () => {
  it('takes documents and pictures', () => {
    expect(isForbiddenFile('avis.pdf', 'application/pdf', pdfHead)).toBe(false);
    expect(isForbiddenFile('photo.JPG', 'image/jpeg', new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false);
    expect(isForbiddenFile('budget.xlsx', 'application/octet-stream', new Uint8Array([0x50, 0x4b]))).toBe(
      false,
    );
  });

  it('refuses executables, scripts and HTML by name, type or first bytes', () => {
    expect(isForbiddenFile('setup.EXE', 'application/pdf', pdfHead)).toBe(true);
    expect(isForbiddenFile('page.html', 'application/pdf', pdfHead)).toBe(true);
    expect(isForbiddenFile('image.svg', 'image/png', pdfHead)).toBe(true);
    expect(isForbiddenFile('notes.txt', 'text/html', pdfHead)).toBe(true);
    expect(isForbiddenFile('notes.txt', 'application/javascript', pdfHead)).toBe(true);
  });

  it('refuses a program whatever name and type it claims', () => {
    const heads = [
      [0x4d, 0x5a, 0x90, 0x00],
      [0x7f, 0x45, 0x4c, 0x46],
      [0xcf, 0xfa, 0xed, 0xfe],
      [0x23, 0x21, 0x2f, 0x62],
    ];
    fc.assert(
      fc.property(name, fc.constantFrom(...heads), (base, head) => {
        expect(isForbiddenFile(`${base}.pdf`, 'application/pdf', new Uint8Array(head))).toBe(true);
      }),
    );
  });
});
