import { replySubject, type RequestReplyInput } from '@copro/domain';

/** The reply form's values: addresses typed as text, the body as the editor's HTML. */
export interface ReplyValues {
  to: string;
  cc: string;
  subject: string;
  body: string;
  [name: string]: string;
}

/** A reply to a request's latest email, written to its requester (when the request has an address). */
export function initialReplyValues(
  requesterEmail: string | null,
  latestSubject: string | null,
  title: string,
): ReplyValues {
  return {
    to: requesterEmail ?? '',
    cc: '',
    subject: replySubject(latestSubject ?? title),
    body: '',
  };
}

/** Addresses as people type them: separated by commas, semicolons or spaces, each once. */
export const splitAddresses = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((a) => a.trim())
      .filter(Boolean),
  ),
];

/** What the form sends: the shared schema checks each address, the count and the rest. */
export const replyOfValues = (values: ReplyValues): RequestReplyInput => ({
  to: splitAddresses(values.to),
  cc: splitAddresses(values.cc),
  subject: values.subject,
  // An editor left empty holds an empty paragraph: that is no body.
  body: values.body.replace(/<p><\/p>/g, '').trim(),
});
