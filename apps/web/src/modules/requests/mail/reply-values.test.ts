import { describe, expect, it } from 'vitest';
import { requestReplySchema } from '@copro/domain';
import { initialReplyValues, replyOfValues, splitAddresses } from './reply-values';

describe('reply form values', () => {
  it('splits addresses on commas, semicolons and spaces, each once', () => {
    expect(splitAddresses(' a@x.test, b@x.test;a@x.test\n c@x.test ')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
    ]);
    expect(splitAddresses('   ')).toEqual([]);
  });

  it('answers the requester with "Re:" once', () => {
    expect(initialReplyValues('marie@x.test', 'RE: Fuite', 'Fuite au 204')).toMatchObject({
      to: 'marie@x.test',
      subject: 'Re: Fuite',
    });
    expect(initialReplyValues(null, null, 'Fuite au 204')).toMatchObject({
      to: '',
      subject: 'Re: Fuite au 204',
    });
  });

  it('an empty editor is no body, so the shared schema refuses it', () => {
    const input = replyOfValues({ to: 'a@x.test', cc: '', subject: 'Re: x', body: '<p></p>' });
    expect(input.body).toBe('');
    expect(requestReplySchema.safeParse(input).success).toBe(false);
    expect(requestReplySchema.safeParse({ ...input, body: '<p>Ok</p>' }).success).toBe(true);
  });

  it('more than 20 recipients together are refused on the To field', () => {
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@x.test`).join(', ');
    const result = requestReplySchema.safeParse(
      replyOfValues({ to: many, cc: '', subject: 'Re', body: 'x' }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['to']);
  });
});
