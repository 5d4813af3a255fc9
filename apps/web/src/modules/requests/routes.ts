import { createRoute } from '@tanstack/react-router';
import { requestStatuses, type RequestStatus } from '@copro/domain';
import { lazyPage } from '../../app/chunk-reload';
import { buildingPagesRoute, groupPagesRoute } from '../../app/shell/building-route';
import type { EmailFolder } from './mail/email-folder';

/** The folders of the requests page's side menu: the requests by status, then the email folders. */
export const emailFolders: readonly EmailFolder[] = ['unassigned', 'unknown', 'spam', 'archived'];
export type RequestFolder = RequestStatus | EmailFolder | 'all';

export interface RequestsSearch {
  folder?: RequestFolder;
  q?: string;
  tag?: string;
  assignee?: string;
  page?: number;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && value.length <= 100 ? value : undefined;

/** The list's state lives in the address, so a phone's back button and a shared link keep it. */
export function requestsSearch(search: Record<string, unknown>): RequestsSearch {
  const folders: readonly string[] = ['all', ...requestStatuses, ...emailFolders];
  const folder = text(search.folder);
  const page = Number(search.page);
  const out: RequestsSearch = {};
  if (folder && folders.includes(folder)) out.folder = folder as RequestFolder;
  const q = text(search.q);
  if (q) out.q = q;
  const tag = text(search.tag);
  if (tag) out.tag = tag;
  const assignee = text(search.assignee);
  if (assignee) out.assignee = assignee;
  if (Number.isInteger(page) && page > 1 && page < 100000) out.page = page;
  return out;
}

/** The list's address with its state. */
export function searchHref(path: string, search: RequestsSearch): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** SPEC 2 requests/all: the folders and the list of requests, or a folder of request emails. */
export const requestsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'requests/all',
  validateSearch: requestsSearch,
  component: lazyPage(() => import('./requests-page').then((m) => m.RequestsPage)),
});

export const newRequestRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'requests/all/new',
  component: lazyPage(() => import('./new-request-page').then((m) => m.NewRequestPage)),
});

export const requestRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'requests/all/$requestUuid',
  component: lazyPage(() => import('./request-page').then((m) => m.RequestPage)),
});

export const requestTemplatesRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'requests/templates',
  component: lazyPage(() => import('./templates-page').then((m) => m.BuildingTemplatesPage)),
});

export const requestTagsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'requests/tags',
  component: lazyPage(() => import('./tags-page').then((m) => m.BuildingTagsPage)),
});

export const groupRequestsRoute = createRoute({
  getParentRoute: () => groupPagesRoute,
  path: 'requests/all',
  validateSearch: requestsSearch,
  component: lazyPage(() => import('./group-requests-page').then((m) => m.GroupRequestsPage)),
});

export const groupTemplatesRoute = createRoute({
  getParentRoute: () => groupPagesRoute,
  path: 'requests/templates',
  component: lazyPage(() => import('./templates-page').then((m) => m.GroupTemplatesPage)),
});

export const groupTagsRoute = createRoute({
  getParentRoute: () => groupPagesRoute,
  path: 'requests/tags',
  component: lazyPage(() => import('./tags-page').then((m) => m.GroupTagsPage)),
});

export const requestRoutes = [
  requestsRoute,
  newRequestRoute,
  requestRoute,
  requestTemplatesRoute,
  requestTagsRoute,
];
export const groupRequestRoutes = [groupRequestsRoute, groupTemplatesRoute, groupTagsRoute];
