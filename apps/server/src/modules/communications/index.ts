/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { communicationsRoutes } from './routes';
