import { prepareDatabaseTemplate } from './db-template';
import { buildServerBundle } from './server-bundle';
import { buildWebApp } from './web-app';

/**
 * `npm install` and `npm ci` run this (postinstall) so that `npm start` has nothing long left to
 * do: the web app is built, the server is made plain JavaScript, and an empty embedded database is
 * ready for the first start. No failure stops the install: `npm start` runs the server from its
 * sources without the bundle, makes its own database without the template, and says to build the
 * web app when it is missing.
 */
console.log('\nCopro: building the web app (npm run build)…');
const built = buildWebApp();
if (!built) console.warn('Copro: the web app did not build. Run: npm run build');
console.log('Copro: building the server (npm run build:server)…');
let bundled = true;
try {
  await buildServerBundle();
} catch (error) {
  bundled = false;
  console.warn(`Copro: the server was not built (${String(error)}); npm start runs it from its sources.`);
}
console.log('Copro: preparing an empty embedded database for the first start…');
let prepared = true;
try {
  await prepareDatabaseTemplate();
} catch (error) {
  prepared = false;
  console.warn(`Copro: no empty database prepared (${String(error)}); the first start creates its own.`);
}
if (built && bundled && prepared) console.log('Copro: ready. Run: npm start');
