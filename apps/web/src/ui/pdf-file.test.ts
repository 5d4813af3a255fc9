import { describe, expect, it } from 'vitest';
import { isPdf, maxPdfBytes, pdfProblem } from './pdf-file';

describe('PDF-only file input', () => {
  it('takes a PDF by its type and its name', () => {
    expect(pdfProblem({ name: 'Proof 2026.PDF', type: 'application/pdf', size: 1000 })).toBeNull();
  });

  it('refuses other types, and PDFs with another name', () => {
    expect(pdfProblem({ name: 'proof.pdf', type: 'image/png', size: 10 })).toBe('notPdf');
    expect(pdfProblem({ name: 'proof.png', type: 'application/pdf', size: 10 })).toBe('notPdf');
    expect(pdfProblem({ name: 'proof.pdf.exe', type: '', size: 10 })).toBe('notPdf');
    expect(isPdf({ name: 'invoice.pdf', type: 'image/png' })).toBe(false);
    expect(isPdf({ name: 'Invoice.PDF', type: 'application/pdf' })).toBe(true);
  });

  it('refuses files over 10 MB', () => {
    expect(pdfProblem({ name: 'big.pdf', type: 'application/pdf', size: maxPdfBytes + 1 })).toBe('tooLarge');
    expect(pdfProblem({ name: 'edge.pdf', type: 'application/pdf', size: maxPdfBytes })).toBeNull();
  });
});
