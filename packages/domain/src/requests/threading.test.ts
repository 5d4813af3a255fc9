import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fileInbound,
  maxReferences,
  parseMessageIds,
  parseRequestAddress,
  replySubject,
  replyThreading,
  requestAddress,
  tokenAddress,
  type InboundFacts,
} from './threading';
import { isForbiddenFile } from '../files';
import { flaggedAsSpam, keptAttachments, readDeliveryReport } from './mail';

const messageId = fc.stringMatching(/^<[a-z0-9.]{1,12}@[a-z]{1,8}\.test>$/);
const uuid = fc.uuid();

const facts = fc.record({
  tokenRequest: fc.option(uuid, { nil: null }),
  inReplyTo: fc.option(messageId, { nil: null }),
  references: fc.array(messageId, { maxLength: 6 }),
  requestOfMessageId: fc.array(fc.tuple(messageId, uuid), { maxLength: 6 }).map((pairs) => new Map(pairs)),
  spam: fc.boolean(),
  senderKnown: fc.boolean(),
}) satisfies fc.Arbitrary<InboundFacts>;

describe('threading: where a received email is filed', () => {
  it('a reply token always wins, whatever the headers, the spam flag or the sender', () => {
    fc.assert(
      fc.property(facts, uuid, (f, request) => {
        expect(fileInbound({ ...f, tokenRequest: request })).toEqual({
          kind: 'thread',
          requestUuid: request,
          by: 'token',
        });
      }),
    );
  });

  it('a known In-Reply-To threads before References, and a spam flag does not undo it', () => {
    fc.assert(
      fc.property(facts, messageId, uuid, (f, id, request) => {
        const map = new Map(f.requestOfMessageId).set(id, request);
        expect(
          fileInbound({ ...f, tokenRequest: null, inReplyTo: id, requestOfMessageId: map, spam: true }),
        ).toEqual({ kind: 'thread', requestUuid: request, by: 'inReplyTo' });
      }),
    );
  });

  it('References thread by the newest id that names a request', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(messageId, { minLength: 2, maxLength: 6 }),
        uuid,
        uuid,
        (ids, older, newer) => {
          const map = new Map([
            [ids[0]!, older],
            [ids[ids.length - 1]!, newer],
          ]);
          const filing = fileInbound({
            tokenRequest: null,
            inReplyTo: null,
            references: ids,
            requestOfMessageId: map,
            spam: false,
            senderKnown: false,
          });
          expect(filing).toEqual({ kind: 'thread', requestUuid: newer, by: 'references' });
        },
      ),
    );
  });

  it('an email that threads nowhere: spam, else a new request for a known sender, else unknown', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const loose = { ...f, tokenRequest: null, requestOfMessageId: new Map<string, string>() };
        const filing = fileInbound(loose);
        if (f.spam) expect(filing).toEqual({ kind: 'folder', folder: 'spam' });
        else if (f.senderKnown) expect(filing).toEqual({ kind: 'open' });
        else expect(filing).toEqual({ kind: 'folder', folder: 'unknown' });
      }),
    );
  });
});

describe('threading: addresses and headers', () => {
  it('a request address and a token address read back as they were made, in any case', () => {
    const ref = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{1,10}[a-z0-9])$/);
    const token = fc.stringMatching(/^[a-z0-9]{8,32}$/);
    fc.assert(
      fc.property(ref, token, (r, t) => {
        expect(parseRequestAddress(requestAddress(r, 'Mail.Test').toUpperCase(), 'mail.test')).toEqual({
          buildingRef: r,
          token: null,
        });
        expect(parseRequestAddress(tokenAddress(r, t, 'mail.test'), 'MAIL.test')).toEqual({
          buildingRef: r,
          token: t,
        });
        expect(parseRequestAddress(requestAddress(r, 'other.test'), 'mail.test')).toBeNull();
      }),
    );
  });

  it('Message-ID lists parse in order, each id once', () => {
    fc.assert(
      fc.property(fc.array(messageId, { maxLength: 8 }), (ids) => {
        expect(parseMessageIds(ids.join(' \r\n '))).toEqual([...new Set(ids)]);
      }),
    );
    expect(parseMessageIds(null)).toEqual([]);
  });

  it("a reply answers the latest message and carries the thread's chain, trimmed to the first and latest ids", () => {
    fc.assert(
      fc.property(fc.uniqueArray(messageId, { maxLength: 40 }), messageId, (references, latest) => {
        fc.pre(!references.includes(latest));
        const reply = replyThreading({ messageId: latest, references });
        expect(reply.inReplyTo).toBe(latest);
        expect(reply.references.length).toBeLessThanOrEqual(maxReferences);
        expect(reply.references[reply.references.length - 1]).toBe(latest);
        expect(reply.references[0]).toBe(references[0] ?? latest);
      }),
    );
    expect(replyThreading(null)).toEqual({ inReplyTo: null, references: [] });
  });

  it('reply subjects do not pile up prefixes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (subject) => {
        expect(replySubject(replySubject(subject))).toBe(replySubject(subject));
      }),
    );
    expect(replySubject('RE : Fuite au 204')).toBe('Re: Fuite au 204');
  });
});

describe('request mail: attachments and spam', () => {
  it('keeps at most ten allowed files, in order, and names every other', () => {
    const file = fc.record({
      fileName: fc.constantFrom('plan.pdf', 'photo.jpg', 'virus.exe', 'page.html', 'script.js', 'notes.txt'),
      mimeType: fc.constantFrom('application/pdf', 'image/jpeg', 'text/plain', 'application/octet-stream'),
      bytes: fc.constantFrom(new Uint8Array([0x25, 0x50]), new Uint8Array([0x4d, 0x5a, 0x90])),
    });
    const forbidden = (f: { fileName: string; mimeType: string; bytes: Uint8Array }) =>
      isForbiddenFile(f.fileName, f.mimeType, f.bytes);
    fc.assert(
      fc.property(fc.array(file, { maxLength: 30 }), (files) => {
        const { kept, refused } = keptAttachments(files);
        expect(kept.length + refused.length).toBe(files.length);
        expect(kept.length).toBeLessThanOrEqual(10);
        expect(kept.some(forbidden)).toBe(false);
        const allowed = files.filter((f) => !forbidden(f));
        expect(kept).toEqual(allowed.slice(0, 10));
      }),
    );
  });

  it("reads the upstream filter's flags only", () => {
    expect(flaggedAsSpam([{ key: 'X-Spam-Flag', value: 'YES' }])).toBe(true);
    expect(flaggedAsSpam([{ key: 'x-spam-status', value: 'Yes, score=9.1 required=5.0' }])).toBe(true);
    expect(flaggedAsSpam([{ key: 'X-Spam-Status', value: 'No, score=0.1' }])).toBe(false);
    expect(flaggedAsSpam([{ key: 'Subject', value: 'YES' }])).toBe(false);
  });
});

describe('request mail: delivery reports', () => {
  const contentType = 'multipart/report; report-type=delivery-status; boundary="x"';
  const original = 'From: b@copro.test\r\nMessage-ID: <abc@copro.test>\r\nSubject: Re: Leak';

  it('a failure is a bounce, a delivery is delivered, a delay changes nothing', () => {
    const report = (action: string) =>
      readDeliveryReport({
        contentType,
        deliveryStatus: `Reporting-MTA: dns; mx.test\n\nFinal-Recipient: rfc822; o@x.test\nAction: ${action}\nStatus: 5.1.1`,
        originalHeaders: original,
      });
    expect(report('failed')).toMatchObject({ messageId: '<abc@copro.test>', status: 'bounce' });
    expect(report('delivered')).toMatchObject({ messageId: '<abc@copro.test>', status: 'delivered' });
    expect(report('delayed')).toBeNull();
  });

  it('a mail that is no delivery report is none', () => {
    expect(
      readDeliveryReport({
        contentType: 'multipart/mixed',
        deliveryStatus: 'Action: failed',
        originalHeaders: original,
      }),
    ).toBeNull();
  });
});
