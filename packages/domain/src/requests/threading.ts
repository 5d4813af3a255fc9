/**
 * Requests by email (DOMAIN 11): where a received email is filed.
 *
 * Rule: an email is threaded into the request it answers, found in this order:
 *  1. a reply token in one of its recipients (`{ref}+{token}@domain`, the Reply-To of our replies);
 *  2. its `In-Reply-To` naming a stored email of a request;
 *  3. its `References`, newest (last) first, naming a stored email of a request.
 * Otherwise an email the upstream filter flagged as spam goes to `spam`; an email from a sender the
 * building knows (a person of the current year, a user) opens a new request; any other goes to
 * `unknown`. Threading comes before the spam flag: a token or a Message-ID of the thread is only
 * known to those we wrote to, so a reply is not lost to a false positive.
 */

/** Where a request email lives: in a request, or one of the folders of emails outside requests. */
export const requestEmailFolders = ['request', 'unassigned', 'unknown', 'spam', 'archived'] as const;
export type RequestEmailFolder = (typeof requestEmailFolders)[number];

/** The folders an email moved out of a request may go to. */
export const looseEmailFolders = ['unassigned', 'unknown', 'spam', 'archived'] as const;
export type LooseEmailFolder = (typeof looseEmailFolders)[number];

/** The folders counted in the badge: emails in no request that nobody set aside. */
export const unassignedEmailFolders: readonly RequestEmailFolder[] = ['unassigned', 'unknown'];

export interface InboundFacts {
  /** The request named by a reply token among the recipients, if any. */
  tokenRequest: string | null;
  inReplyTo: string | null;
  references: readonly string[];
  /** The request each stored Message-ID belongs to (emails in a request only). */
  requestOfMessageId: ReadonlyMap<string, string>;
  spam: boolean;
  senderKnown: boolean;
}

export type Filing =
  | { kind: 'thread'; requestUuid: string; by: 'token' | 'inReplyTo' | 'references' }
  | { kind: 'open' }
  | { kind: 'folder'; folder: 'spam' | 'unknown' };

export function fileInbound(facts: InboundFacts): Filing {
  if (facts.tokenRequest) return { kind: 'thread', requestUuid: facts.tokenRequest, by: 'token' };
  const byReply = facts.inReplyTo ? facts.requestOfMessageId.get(facts.inReplyTo) : undefined;
  if (byReply) return { kind: 'thread', requestUuid: byReply, by: 'inReplyTo' };
  for (const id of [...facts.references].reverse()) {
    const request = facts.requestOfMessageId.get(id);
    if (request) return { kind: 'thread', requestUuid: request, by: 'references' };
  }
  if (facts.spam) return { kind: 'folder', folder: 'spam' };
  return facts.senderKnown ? { kind: 'open' } : { kind: 'folder', folder: 'unknown' };
}

/** The Message-IDs (`<…>`) of a header such as References, in order, each once. */
export function parseMessageIds(header: string | null | undefined): string[] {
  if (!header) return [];
  const ids = header.match(/<[^<>\s]+>/g) ?? [];
  return [...new Set(ids)];
}

/** A request address: `{ref}@{domain}` or `{ref}+{token}@{domain}`, compared without case. */
export interface RequestAddress {
  buildingRef: string;
  token: string | null;
}

export function parseRequestAddress(address: string, domain: string): RequestAddress | null {
  const match = /^([a-z0-9-]+)(?:\+([a-z0-9]+))?@(.+)$/.exec(address.trim().toLowerCase());
  if (!match || match[3] !== domain.toLowerCase()) return null;
  return { buildingRef: match[1]!, token: match[2] ?? null };
}

export const requestAddress = (buildingRef: string, domain: string): string =>
  `${buildingRef}@${domain}`.toLowerCase();

export const tokenAddress = (buildingRef: string, token: string, domain: string): string =>
  `${buildingRef}+${token}@${domain}`.toLowerCase();

/** At most this many ids in a reply's References: the first (the thread's start) and the latest. */
export const maxReferences = 20;

/**
 * The headers of a reply to the thread's latest message: In-Reply-To names it, References is its
 * own chain followed by it (RFC 5322 3.6.4), trimmed to the first id and the latest ones.
 */
export function replyThreading(latest: { messageId: string | null; references: readonly string[] } | null): {
  inReplyTo: string | null;
  references: string[];
} {
  if (!latest?.messageId)
    return { inReplyTo: null, references: latest ? [...new Set(latest.references)] : [] };
  const chain = [...new Set([...latest.references, latest.messageId])];
  const references =
    chain.length <= maxReferences ? chain : [chain[0]!, ...chain.slice(chain.length - (maxReferences - 1))];
  return { inReplyTo: latest.messageId, references };
}

/** "Re: subject": the prefixes of earlier replies (Re:, RE :, Ré :, AW:, SV:) are dropped, so they do not pile up. */
export function replySubject(subject: string): string {
  const bare = subject.replace(/^(\s*(re|ré|aw|sv)\s*:\s*)+/i, '').trim();
  return `Re: ${bare}`;
}
