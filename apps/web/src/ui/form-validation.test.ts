import { describe, expect, it, vi } from 'vitest';
import { formMessageKey, withFormMessage } from './form-validation';

// The real module reads the browser's language and document at load.
vi.mock('../app/i18n', () => ({ currentLanguage: () => 'en' }));

describe('withFormMessage', () => {
  it('adds "Please complete the form" to an untouched form that was refused', () => {
    const errors = withFormMessage({ number: 'Required field missing' }, true);
    expect(Object.keys(errors).sort()).toEqual([formMessageKey, 'number']);
  });

  it('leaves a form the user changed with its field messages only', () => {
    expect(withFormMessage({ number: 'Required field missing' }, false)).toEqual({
      number: 'Required field missing',
    });
  });

  it("keeps the form's own message, and says nothing when nothing is wrong", () => {
    const own = { [formMessageKey]: 'Add at least one check or cash amount to the deposit' };
    expect(withFormMessage(own, true)).toBe(own);
    expect(withFormMessage({}, true)).toEqual({});
  });
});
