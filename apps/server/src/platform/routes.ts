import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  canInGroup,
  languageOfSession,
  resolveLanguage,
  type GroupPermission,
  type GroupRole,
  type Language,
  type Permission,
} from '@copro/domain';
import type { AccessCache } from './access-cache';
import type { Platform } from './platform';
import { groupRoleOf, isBillingAccountAdmin, type BuildingAccess } from './access';
import { AppError } from './errors';

/** Who may call a route. Every /api route declares one; the server refuses to start otherwise. */
export type RoutePermission =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'building'; permission: Permission; openWhenUnpaid?: boolean }
  | { kind: 'group'; permission: GroupPermission }
  | { kind: 'billingAccount' };

export const publicRoute: RoutePermission = { kind: 'public' };
export const signedIn: RoutePermission = { kind: 'authenticated' };
export const inBuilding = (permission: Permission): RoutePermission => ({ kind: 'building', permission });
/** The few building routes an unpaid building still answers: what the payment-required screen needs. */
export const inUnpaidBuilding = (permission: Permission): RoutePermission => ({
  kind: 'building',
  permission,
  openWhenUnpaid: true,
});
export const inGroup = (permission: GroupPermission): RoutePermission => ({ kind: 'group', permission });
export const billingAdmin: RoutePermission = { kind: 'billingAccount' };

export const describePermission = (p: RoutePermission): string => {
  if (p.kind === 'building')
    return `building:${p.permission}${p.openWhenUnpaid ? ' (open when unpaid)' : ''}`;
  return p.kind === 'group' ? `group:${p.permission}` : p.kind;
};

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  locale: string | null;
  emailVerified: boolean;
}

export interface RequestContext {
  user: SessionUser | null;
  /** The signed-in session's id (PUT /api/session/language changes that session only). */
  sessionId: string | null;
  language: Language;
  building: BuildingAccess | null;
  groupRole: GroupRole | null;
  /**
   * Whether this request may read the request caches: every change committed before it arrived
   * has reached them (cache-channel.ts). False before the guard ran, or without the channel.
   */
  fresh: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyInstance {
    /** The request caches' building access and fiscal years, for code that is handed the request only. */
    accessCache: AccessCache;
  }
}

/** The signed-in user of a route that requires one. */
export function userOf(req: FastifyRequest): SessionUser {
  if (!req.ctx.user) throw new AppError('unauthenticated');
  return req.ctx.user;
}

/** The building of a building-scoped route, already checked against the user's role. */
export function buildingOf(req: FastifyRequest): BuildingAccess {
  if (!req.ctx.building) throw new AppError('notFound');
  return req.ctx.building;
}

const paramOf = (req: FastifyRequest, name: string): string | undefined => {
  const fromParams = (req.params as Record<string, unknown> | undefined)?.[name];
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.[name];
  const value = fromParams ?? fromQuery;
  return typeof value === 'string' ? value : undefined;
};

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Authenticate → check the route's permission, before the body is even validated. A user with
 * no role in a building gets "not found", so nothing tells them the building exists.
 */
export function installGuard(
  app: FastifyInstance,
  platform: Platform,
  routeTable: Map<string, string>,
): void {
  app.decorateRequest('ctx');
  app.decorate('accessCache', platform.access);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The OpenAPI document and its viewer are public by nature.
    if (route.url.startsWith('/api/docs')) {
      routeTable.set(`GET ${route.url}`, 'public');
      return;
    }
    const permission = route.config?.permission;
    if (!permission) throw new Error(`route ${route.method} ${route.url} declares no permission`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.set(`${method} ${route.url}`, describePermission(permission));
    }
  });

  app.addHook('onRequest', async (req) => {
    req.ctx = {
      user: null,
      sessionId: null,
      language: resolveLanguage(null, req.headers['accept-language']),
      building: null,
      groupRole: null,
      fresh: false,
    };
  });

  app.addHook('preValidation', async (req) => {
    const permission = req.routeOptions.config.permission;
    if (!permission || !req.url.startsWith('/api')) return;
    if (writeMethods.has(req.method) && !req.url.startsWith('/api/auth/')) {
      if ((await platform.remoteConfig.get()).maintenance.active) throw new AppError('maintenance');
    }
    if (permission.kind === 'public') return;

    req.ctx.fresh = await platform.cacheChannel.fresh();
    const found = await platform.sessions.resolve(req.headers, req.ctx.fresh);
    if (!found) throw new AppError('unauthenticated');
    // Disabling an account ends what its sessions can do at once, not when they expire.
    if (found.disabled) throw new AppError('userDisabled');
    const u = found.user;
    // A copy: the cached session is shared by every request of that session.
    req.ctx.user = { ...u };
    req.ctx.sessionId = found.sessionId;
    // The session's own language (its sign-in page's, its language switch's) before the user's locale.
    req.ctx.language = resolveLanguage(
      languageOfSession(found.language, u.locale),
      req.headers['accept-language'],
    );
    if (permission.kind === 'authenticated') return;

    if (permission.kind === 'building') {
      const ref = paramOf(req, 'buildingRef');
      const access = ref ? await platform.access.buildingAccess(u.id, ref, req.ctx.fresh) : null;
      if (!access?.role) throw new AppError('notFound');
      if (!can({ role: access.role, banned: access.banned }, permission.permission, access.policy)) {
        throw new AppError('forbidden');
      }
      // SPEC 4: an unpaid building's data does not load; the web shows the payment-required screen.
      if (access.billingStatus === 'unpaid' && !permission.openWhenUnpaid)
        throw new AppError('paymentRequired');
      req.ctx.building = access;
      return;
    }
    if (permission.kind === 'group') {
      const id = paramOf(req, 'buildingGroupId');
      const role = id ? await groupRoleOf(platform.db, u.id, id) : null;
      if (!role) throw new AppError('notFound');
      if (!canInGroup(role, permission.permission)) throw new AppError('forbidden');
      req.ctx.groupRole = role;
      return;
    }
    const id = paramOf(req, 'billingAccountId');
    if (!id || !(await isBillingAccountAdmin(platform.db, u.id, id))) throw new AppError('notFound');
  });
}
