/** SPEC 5: PDF-only inputs refuse anything that is not a PDF, by its type and by its name. */
export const isPdf = (file: { name: string; type: string }): boolean =>
  file.type === 'application/pdf' && file.name.toLowerCase().endsWith('.pdf');
