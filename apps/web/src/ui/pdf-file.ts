/** SPEC 5: PDF-only inputs refuse anything that is not a PDF, by its type and by its name. */
export const isPdf = (file: { name: string; type: string }): boolean =>
  file.type === 'application/pdf' && file.name.toLowerCase().endsWith('.pdf');

/** The largest PDF the server takes. */
export const maxPdfBytes = 10 * 1024 * 1024;

export type PdfProblem = 'notPdf' | 'tooLarge' | null;

export function pdfProblem(file: { name: string; type: string; size: number }): PdfProblem {
  if (!isPdf(file)) return 'notPdf';
  return file.size > maxPdfBytes ? 'tooLarge' : null;
}

/** The file as a data URL, the form the API takes attachments in (SPEC 3 "File"). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
