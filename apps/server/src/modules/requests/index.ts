/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { requestsRoutes } from './routes';
export { startSmtpListener, type SmtpListener } from './mail/smtp-listener';
