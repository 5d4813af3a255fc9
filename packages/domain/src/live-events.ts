import { can, type Actor, type BuildingPolicy, type Permission } from './permissions';

/**
 * How much of a collection a role may read, so its live events say no more (DESIGN 3 "Live
 * data"): `all` its ids; `own` only some records (an owner's units), so the event comes without
 * ids and the page refreshes what it may read; `none` no event at all.
 */
export type LiveReach = 'all' | 'own' | 'none';

/** How much of a collection an actor may read, by the permission of the routes that read it. */
type Readers = (actor: Actor, policy: BuildingPolicy) => LiveReach;

const readWith =
  (permission: Permission): Readers =>
  (actor, policy) =>
    can(actor, permission, policy) ? 'all' : 'none';

/**
 * Every collection a live event may name, with who reads it. A new collection is added here
 * before anything publishes it: `publish` takes only these names.
 */
const liveCollectionReaders = {
  building: readWith('building.view'),
  // GET …/users answers user managers only. SPEC 6 lets handlers load users on request pages;
  // when such a route exists, its permission joins here.
  users: readWith('users.view'),
  // Owners read their own units only (ownerSeesUnit): which other units changed is not theirs to know.
  units: (actor, policy) =>
    !can(actor, 'units.read', policy) ? 'none' : actor.role === 'owner' ? 'own' : 'all',
  people: readWith('people.read'),
  parkings: readWith('parkings.read'),
  lockers: readWith('lockers.read'),
  suppliers: readWith('suppliers.read'),
  banks: readWith('banks.read'),
  categories: readWith('categories.read'),
  budgets: readWith('budgets.view'),
  penalties: readWith('penalties.read'),
  checks: readWith('finance.read'),
  deposits: readWith('finance.read'),
  unitReminders: readWith('finance.read'),
  // Owners with 'self' access read their own unit's ledger only (transactions.read.unit).
  transactions: (actor, policy) =>
    can(actor, 'transactions.read', policy)
      ? 'all'
      : can(actor, 'transactions.read.unit', policy)
        ? 'own'
        : 'none',
  // Owners and residents read only the requests they made: which others changed is not theirs to know.
  requests: (actor, policy) =>
    can(actor, 'requests.handle', policy) ? 'all' : can(actor, 'requests.view', policy) ? 'own' : 'none',
  // Everyone who may make a request reads the tags its form offers.
  requestTags: readWith('requests.view'),
  requestEmailTemplates: readWith('requests.emails.templates'),
  // Request emails are read by their handlers (folders, conversations, the badge); owners and
  // residents read their own request's conversation only, so which emails changed is not theirs.
  requestEmails: (actor, policy) =>
    can(actor, 'requests.handle', policy) ? 'all' : can(actor, 'requests.view', policy) ? 'own' : 'none',
  // Owners and residents read only the posts addressed to them: which other posts changed is not theirs.
  posts: (actor, policy) =>
    !can(actor, 'posts.view', policy)
      ? 'none'
      : actor.role === 'owner' || actor.role === 'resident'
        ? 'own'
        : 'all',
  postTemplates: readWith('posts.templates'),
  // The automatic communications page: its settings, templates and the reminders sent.
  automaticMails: readWith('email-templates.create'),
  // Pre-authorized debits: the orders, files and unit agreements of payments/otonom.
  padOrders: readWith('finance.read'),
  padAgreements: readWith('finance.read'),
} satisfies Record<string, Readers>;

export type LiveCollection = keyof typeof liveCollectionReaders;

export const isLiveCollection = (name: string): name is LiveCollection =>
  Object.prototype.hasOwnProperty.call(liveCollectionReaders, name);

/** How much of `collection` the actor may read; a name no route reads reaches nobody. */
export function liveReach(collection: string, actor: Actor, policy: BuildingPolicy): LiveReach {
  return isLiveCollection(collection) ? liveCollectionReaders[collection](actor, policy) : 'none';
}
