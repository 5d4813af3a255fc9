import { missingMandatoryTag, newRequestSchema, type FieldIssue, type NewRequest } from '@copro/domain';
import { prepareWith, type Prepared } from '../../ui/prepare';

/** The new-request form as typed: text boxes and selects, the tags apart. */
export interface NewRequestValues {
  [field: string]: string;
  title: string;
  description: string;
  unitUuid: string;
  requesterName: string;
  requesterEmail: string;
  assigneeId: string;
}

export const emptyRequestValues: NewRequestValues = {
  title: '',
  description: '',
  unitUuid: '',
  requesterName: '',
  requesterEmail: '',
  assigneeId: '',
};

/**
 * The body of a new request. Owners and residents send only what is theirs to say (title,
 * description, unit, tags); a building that requires tags asks for one in the form's own words
 * before the server would refuse it.
 */
export function prepareNewRequest(
  values: NewRequestValues,
  tags: readonly string[],
  options: { handles: boolean; tagsMandatory: boolean },
): Prepared<NewRequest> {
  const own: FieldIssue[] = missingMandatoryTag(options.tagsMandatory, tags)
    ? [{ path: ['tags'], key: 'requests.validation.tagRequired' }]
    : [];
  const body = options.handles
    ? { ...values, tags }
    : { title: values.title, description: values.description, unitUuid: values.unitUuid, tags };
  return prepareWith(newRequestSchema, body, own);
}
