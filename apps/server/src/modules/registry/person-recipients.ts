import { mailLanguage, type Language } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { personName } from './people';
import { findRecords, type RecordData } from './records';

/** Someone a mail goes to: one of a person's addresses, in that person's language. */
export interface PersonRecipient {
  email: string;
  language: Language;
  name: string;
}

interface OwnerLink {
  personUuid: string;
  from?: string;
  to?: string;
}

/** The unit's owners on `date`: links not yet ended and already started that day. */
export const ownerLinksOn = (unit: RecordData, date: string): OwnerLink[] =>
  ((unit.owners as OwnerLink[] | undefined) ?? []).filter(
    (link) => (!link.to || link.to >= date) && (!link.from || link.from <= date),
  );

/**
 * Every address of these people, each once (compared without case), in the person's own
 * language, else the building's: how every mail to owners finds its readers.
 */
export async function personRecipients(
  db: DbOrTx,
  scope: YearScope,
  personUuids: readonly string[],
  buildingLocale: string,
): Promise<PersonRecipient[]> {
  const recipients = new Map<string, PersonRecipient>();
  for (const person of await findRecords(db, scope, 'people', [...personUuids])) {
    const language = mailLanguage(person.data.locale as string | undefined, buildingLocale);
    for (const email of (person.data.emails as string[] | undefined) ?? []) {
      const key = email.toLowerCase();
      if (!recipients.has(key)) recipients.set(key, { email: key, language, name: personName(person.data) });
    }
  }
  return [...recipients.values()];
}
