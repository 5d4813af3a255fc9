/** A request's emails as a conversation, with the reply form (the requests-by-email part fills it). */
export function RequestConversation(_props: { buildingRef: string; requestUuid: string }) {
  return null;
}
