/**
 * Merge fields of Copro's templates (post templates, request email templates, automatic mails).
 *
 * A template's text names a field as `{{name}}` (spaces inside the braces allowed: `{{ name }}`).
 * Rendering replaces each known field by its value; a field the template names but the data does
 * not give is left as it was typed (`{{name}}`), so a preview shows what is missing instead of a
 * silent blank, and `missingFields` lists them. Field names are letters, digits and dots
 * (`owner.name` is one field). In HTML, values are escaped; text stays as it is.
 *
 * Rendering is one pass over the template: a value that itself contains `{{…}}` is never expanded
 * again, so an owner named "{{balance}}" cannot pull another field into a mail.
 */

/** The fields every template may use; each context gives the ones it knows (SPEC: owner name, unit, balance, due date…). */
export const mergeFieldNames = [
  'buildingName',
  'buildingAddress',
  'ownerName',
  'recipientName',
  'unitNumber',
  'floor',
  'balance',
  'dueDate',
  'amount',
  'date',
  'checkNumber',
  'insuranceEndDate',
  'insuranceProvider',
  'waterHeaterInstalledOn',
  'waterHeaterWarrantyEnd',
  'missingFields',
  'requestNumber',
  'requestTitle',
  'handlerName',
  'link',
] as const;
export type MergeFieldName = (typeof mergeFieldNames)[number];
export type MergeValues = Partial<Record<string, string>>;

const fieldPattern = /\{\{\s*([A-Za-z0-9.]+)\s*\}\}/g;

const escape = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `template` with each field that `values` gives replaced; `html` escapes the values. */
export function renderMergeFields(
  template: string,
  values: MergeValues,
  options: { html?: boolean } = {},
): string {
  return template.replace(fieldPattern, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return options.html ? escape(value) : value;
  });
}

/** The fields `template` names, each once, in order of first use. */
export function fieldsOf(template: string): string[] {
  return [...new Set([...template.matchAll(fieldPattern)].map((m) => m[1]!))];
}

/** The fields `template` names that `values` does not give. */
export function missingFields(template: string, values: MergeValues): string[] {
  return fieldsOf(template).filter((name) => values[name] === undefined);
}
