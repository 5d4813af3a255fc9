import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { requestMailLimits } from '@copro/domain';
import type { Platform } from '../../../platform/platform';
import { buildingOfAddress, receiveMessage } from './inbound';

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** An SMTP refusal: the code tells the sending server whether to try again (4xx) or give up (5xx). */
const refusal = (code: number, message: string): Error =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * Copro's inbound SMTP server (DOMAIN 11, docs/operations.md): mail for the buildings' request
 * addresses only (any other recipient is refused with 550, so Copro is never a relay), without
 * authentication (mail comes from other mail servers), up to the size limit. Each message is filed
 * before the answer to DATA: a failure answers 451, so the sending server tries again later.
 */
export function startSmtpListener(
  platform: Platform,
  options: { port: number; host: string },
  log: (error: unknown) => void = (error) => console.error('[smtp-in]', error),
): Promise<SmtpListener> {
  const server = new SMTPServer({
    name: platform.config.mailInDomain,
    banner: 'Copro',
    disabledCommands: ['AUTH'],
    authOptional: true,
    size: requestMailLimits.messageBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      buildingOfAddress(platform, address.address)
        .then((target) => callback(target ? null : refusal(550, 'No such mailbox')))
        .catch((error: unknown) => {
          log(error);
          callback(refusal(451, 'Try again later'));
        });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(refusal(552, 'Message too large'));
          return;
        }
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        receiveMessage(platform, Buffer.concat(chunks), recipients)
          .then(() => callback(null, 'Received'))
          .catch((error: unknown) => {
            log(error);
            callback(refusal(451, 'Try again later'));
          });
      });
    },
  });
  server.on('error', log);
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.server.off('error', failed);
      resolve({
        port: (server.server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
