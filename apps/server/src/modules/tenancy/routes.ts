import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { billingRoutes } from './billing-routes';
import { buildingRoutes } from './building-routes';
import { buildingUserRoutes } from './building-user-routes';
import { groupRoutes } from './group-routes';
import { membershipRoutes } from './membership-routes';

/** Billing accounts, building groups, buildings, their users and invitations. */
export function tenancyRoutes(app: FastifyInstance, platform: Platform): void {
  membershipRoutes(app, platform);
  buildingRoutes(app, platform);
  buildingUserRoutes(app, platform);
  groupRoutes(app, platform);
  billingRoutes(app, platform);
}
