import { prepareDatabaseTemplate } from './db-template';
import { buildWebApp } from './web-app';

/**
 * `npm install` and `npm ci` run this (postinstall) so that `npm start` has nothing long left to
 * do: the web app is built, and an empty embedded database is ready for the first start. Neither
 * failure stops the install: `npm start` says what is missing, and does it.
 */
console.log('\nCopro: building the web app (npm run build)…');
const built = buildWebApp();
if (!built) console.warn('Copro: the web app did not build. npm start builds it, or run: npm run build');
console.log('Copro: preparing an empty embedded database for the first start…');
let prepared = true;
try {
  await prepareDatabaseTemplate();
} catch (error) {
  prepared = false;
  console.warn(`Copro: no empty database prepared (${String(error)}); the first start creates its own.`);
}
if (built && prepared) console.log('Copro: ready. Run: npm start');
