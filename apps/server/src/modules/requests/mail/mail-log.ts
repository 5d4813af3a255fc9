import { translate } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { writeLog, type LogEvent, type LogInput } from '../../../platform/audit';
import type { MailContext } from './context';
import type { RequestEmailRow } from './store';

type MailEvent = Extract<
  LogEvent,
  'requestEmailSent' | 'requestEmailDeleted' | 'requestEmailAssigned' | 'requestEmailArchived'
>;

type LoggedEmail = Pick<RequestEmailRow, 'uuid' | 'subject' | 'fromAddress' | 'requestUuid'>;
type Writer = Pick<MailContext, 'buildingId' | 'source' | 'language'>;
interface EmailEntry {
  event: MailEvent;
  message: string;
  params?: Record<string, string>;
  metadata?: Record<string, unknown>;
}

/** One entry of the log about a request email (SPEC 3: sent, deleted, assigned, archived). */
export async function logEmail(
  tx: DbOrTx,
  ctx: Writer,
  email: LoggedEmail,
  entry: EmailEntry,
): Promise<void> {
  await writeLog(tx, emailLogEntry(ctx, email, entry));
}

export function emailLogEntry(ctx: Writer, email: LoggedEmail, entry: EmailEntry): LogInput {
  return {
    buildingId: ctx.buildingId,
    event: entry.event,
    source: ctx.source,
    message: translate(ctx.language, `requestMail.log.${entry.message}`, {
      subject: email.subject,
      from: email.fromAddress,
      ...entry.params,
    }),
    metadata: { emailUuid: email.uuid, ...entry.metadata },
    indexes: [email.uuid, ...(email.requestUuid ? [email.requestUuid] : [])],
  };
}
