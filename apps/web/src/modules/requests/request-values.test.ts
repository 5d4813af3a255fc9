import { describe, expect, it } from 'vitest';
import { emptyRequestValues, prepareNewRequest } from './request-values';

const unit = '11111111-1111-4111-8111-111111111111';
const tag = '22222222-2222-4222-8222-222222222222';

describe('a new request from the form', () => {
  it("sends an owner's title, description, unit and tags only", () => {
    const prepared = prepareNewRequest(
      { ...emptyRequestValues, title: ' Leak ', unitUuid: unit, requesterName: 'Someone', assigneeId: 'u1' },
      [tag],
      { handles: false, tagsMandatory: false },
    );
    expect(prepared.issues).toEqual([]);
    expect(prepared.input).toMatchObject({
      title: 'Leak',
      unitUuid: unit,
      tags: [tag],
      assigneeId: null,
      requesterName: '',
    });
  });

  it("sends a handler's requester and assignee, blank ones as none", () => {
    const prepared = prepareNewRequest(
      {
        ...emptyRequestValues,
        title: 'Call',
        requesterName: 'Marc',
        requesterEmail: 'marc@example.test',
        assigneeId: 'u1',
      },
      [],
      { handles: true, tagsMandatory: false },
    );
    expect(prepared.input).toMatchObject({
      requesterName: 'Marc',
      requesterEmail: 'marc@example.test',
      assigneeId: 'u1',
      unitUuid: null,
    });
  });

  it('asks for a tag when the building requires one, and for a title', () => {
    const prepared = prepareNewRequest(emptyRequestValues, [], { handles: false, tagsMandatory: true });
    expect(prepared.input).toBeNull();
    expect(prepared.issues.map((i) => `${i.path.join('.')}:${i.key}`)).toEqual([
      'tags:requests.validation.tagRequired',
      'title:validation.required',
    ]);
  });
});
