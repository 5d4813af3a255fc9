import {
  buildingEditSchema,
  buildingSettingsSchema,
  dropEmpty,
  issuesOf,
  type BuildingEdit,
  type BuildingSettings,
  type FieldIssue,
} from '@copro/domain';
import { toDraft, type BuildingFormValues, type SettingsDraft } from './building-form-values';

const settingKeys = Object.keys(buildingSettingsSchema.shape) as (keyof BuildingSettings)[];

/** Whether the API takes the setting away when it is left out: only optional ones can be blank. */
const isRequired = (key: keyof BuildingSettings): boolean =>
  !buildingSettingsSchema.shape[key].safeParse(undefined).success;

/** Schema paths are API paths; taxes are sent as a list, the form names them by tax code. */
function toFormPath(path: FieldIssue['path'], sent: SettingsDraft): FieldIssue['path'] {
  const [head, index, ...rest] = path;
  if (head === 'taxes' && typeof index === 'number' && Array.isArray(sent.taxes)) {
    const tax: unknown = sent.taxes[index];
    const id = tax && typeof tax === 'object' && 'id' in tax ? String(tax.id) : index;
    return ['taxes', id, ...rest];
  }
  if (head === 'paymentMethodsRequiringApproval' || head === 'rolesThatReceiveAlerts') return [head];
  return path;
}

export const toFormIssues = (issues: FieldIssue[], sent: SettingsDraft): FieldIssue[] =>
  issues.map((issue) => ({ ...issue, path: toFormPath(issue.path, sent) }));

export interface PreparedEdit {
  /** Only the settings that changed, validated; null when something is wrong. */
  body: BuildingEdit | null;
  issues: FieldIssue[];
}

/**
 * What the PATCH sends: the settings whose value differs from the saved one, checked with the
 * shared schema. A required setting emptied is "required"; an optional one emptied is sent as
 * null, which removes it.
 */
export function prepareEdit(saved: BuildingFormValues, values: BuildingFormValues): PreparedEdit {
  const draft = toDraft(values);
  const before = dropEmpty(toDraft(saved).settings);
  const after = dropEmpty(draft.settings);
  const issues = [...draft.issues];
  const changed: SettingsDraft = {};
  for (const key of settingKeys) {
    if (JSON.stringify(after[key]) === JSON.stringify(before[key])) continue;
    if (after[key] !== undefined) changed[key] = after[key];
    else if (!isRequired(key)) changed[key] = null;
    else if (!issues.some((issue) => issue.path.join('.') === key))
      issues.push({ path: [key], key: 'validation.required' });
  }
  const result = buildingEditSchema.safeParse(changed);
  if (!result.success) issues.push(...toFormIssues(issuesOf(result.error), changed));
  return { body: result.success && issues.length === 0 ? result.data : null, issues };
}
