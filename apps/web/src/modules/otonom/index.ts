/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { AgreementCard } from './agreement/agreement-card';
export { otonomModule } from './otonom-module';
