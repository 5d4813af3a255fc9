import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  groupRequestListSchema,
  noContentSchema,
  requestCountsSchema,
  requestDetailSchema,
  requestEmailTemplateListSchema,
  requestEmailTemplateSchema,
  requestFormOptionsSchema,
  requestHandlerListSchema,
  requestListSchema,
  requestPageSize,
  requestTagListSchema,
  requestTagSchema,
  type NewRequest,
  type RequestEdit,
  type RequestEmailTemplateInput,
  type RequestStatus,
  type RequestTagInput,
} from '@copro/domain';
import { api } from '../../app/api';
import { buildingUrl } from '../../app/api-paths';
import { uploadForm } from '../../app/upload';

/**
 * The requests area's calls. A building's queries are keyed ['building', ref, 'requests', …], so
 * the live events of the `requests` collection refresh them; the tags and templates follow their
 * own collections too. A group's pages have no live stream: they read again after their writes.
 */

export const requestsUrl = (buildingRef: string): string => `${buildingUrl(buildingRef)}/requests`;
export const groupRequestsUrl = (groupId: string): string =>
  `/api/building-groups/${encodeURIComponent(groupId)}/requests`;
export const requestUrl = (buildingRef: string, uuid: string): string =>
  `${requestsUrl(buildingRef)}/${encodeURIComponent(uuid)}`;
export const requestFileUrl = (buildingRef: string, uuid: string, fileId: string): string =>
  `${requestUrl(buildingRef, uuid)}/attachments/${encodeURIComponent(fileId)}`;

export const requestsKey = (buildingRef: string) => ['building', buildingRef, 'requests'] as const;

/** Where tags and templates are kept: a building (its own and its group's) or a group. */
export interface KeeperPlace {
  url: string;
  key: readonly unknown[];
}
export const buildingPlace = (buildingRef: string): KeeperPlace => ({
  url: requestsUrl(buildingRef),
  key: requestsKey(buildingRef),
});
export const groupPlace = (groupId: string): KeeperPlace => ({
  url: groupRequestsUrl(groupId),
  key: ['group', groupId, 'requests'],
});

export interface RequestFilters {
  status?: RequestStatus | undefined;
  tag?: string | undefined;
  assignee?: string | undefined;
  q: string;
  page: number;
}

const searchOf = (filters: RequestFilters): URLSearchParams => {
  const search = new URLSearchParams({ page: String(filters.page), pageSize: String(requestPageSize) });
  if (filters.q) search.set('q', filters.q);
  if (filters.status) search.set('status', filters.status);
  if (filters.tag) search.set('tag', filters.tag);
  if (filters.assignee) search.set('assignee', filters.assignee);
  return search;
};

export function useRequestList(buildingRef: string, filters: RequestFilters) {
  return useQuery({
    queryKey: [...requestsKey(buildingRef), 'list', filters],
    queryFn: ({ signal }) =>
      api(`${requestsUrl(buildingRef)}?${searchOf(filters)}`, { response: requestListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGroupRequestList(groupId: string, filters: RequestFilters) {
  return useQuery({
    queryKey: [...groupPlace(groupId).key, 'list', filters],
    queryFn: ({ signal }) =>
      api(`${groupRequestsUrl(groupId)}?${searchOf(filters)}`, { response: groupRequestListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequest(buildingRef: string, uuid: string) {
  return useQuery({
    queryKey: [...requestsKey(buildingRef), 'one', uuid],
    queryFn: ({ signal }) => api(requestUrl(buildingRef, uuid), { response: requestDetailSchema, signal }),
  });
}

/** What the new-request form and the request page offer: tags, units and (to handlers) handlers. */
export function useRequestFormOptions(buildingRef: string) {
  return useQuery({
    queryKey: [...requestsKey(buildingRef), 'form-options'],
    queryFn: ({ signal }) =>
      api(`${requestsUrl(buildingRef)}/form-options`, { response: requestFormOptionsSchema, signal }),
    meta: { liveCollections: ['requestTags', 'units', 'users'] },
  });
}

/** SPEC 7: read at least every 300 s, and at once on a change of the requests or their emails. */
export const countsRefreshMs = 300_000;

export function useRequestCounts(buildingRef: string) {
  return useQuery({
    queryKey: [...requestsKey(buildingRef), 'counts'],
    queryFn: ({ signal }) =>
      api(`${requestsUrl(buildingRef)}/counts`, { response: requestCountsSchema, signal }),
    refetchInterval: countsRefreshMs,
    meta: { liveCollections: ['requestEmails'] },
  });
}

function useInvalidate(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: key });
}

export function useRequestWrites(buildingRef: string) {
  const invalidate = useInvalidate(requestsKey(buildingRef));
  const settle = { onSettled: invalidate };
  return {
    create: useMutation({
      mutationFn: (body: NewRequest) =>
        api(requestsUrl(buildingRef), { method: 'POST', body, response: requestDetailSchema }),
      ...settle,
    }),
    edit: useMutation({
      mutationFn: ({ uuid, body }: { uuid: string; body: RequestEdit }) =>
        api(requestUrl(buildingRef, uuid), { method: 'PATCH', body, response: requestDetailSchema }),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) =>
        api(requestUrl(buildingRef, uuid), { method: 'DELETE', response: noContentSchema }),
      ...settle,
    }),
    note: useMutation({
      mutationFn: ({ uuid, text }: { uuid: string; text: string }) =>
        api(`${requestUrl(buildingRef, uuid)}/notes`, {
          method: 'POST',
          body: { text },
          response: requestDetailSchema,
        }),
      ...settle,
    }),
    merge: useMutation({
      mutationFn: ({ uuid, intoUuid }: { uuid: string; intoUuid: string }) =>
        api(`${requestUrl(buildingRef, uuid)}/merge`, {
          method: 'POST',
          body: { intoUuid },
          response: requestDetailSchema,
        }),
      ...settle,
    }),
    attach: useMutation({
      mutationFn: ({ uuid, files }: { uuid: string; files: File[] }) => {
        const form = new FormData();
        for (const file of files) form.append('file', file, file.name);
        return uploadForm(`${requestUrl(buildingRef, uuid)}/attachments`, 'POST', form, requestDetailSchema);
      },
      ...settle,
    }),
    detach: useMutation({
      mutationFn: ({ uuid, fileId }: { uuid: string; fileId: string }) =>
        api(requestFileUrl(buildingRef, uuid, fileId), { method: 'DELETE', response: requestDetailSchema }),
      ...settle,
    }),
  };
}

// ---------------------------------------------------------------- tags and templates

export function useTags(place: KeeperPlace) {
  return useQuery({
    queryKey: [...place.key, 'tags'],
    queryFn: ({ signal }) => api(`${place.url}/tags`, { response: requestTagListSchema, signal }),
    meta: { liveCollections: ['requestTags'] },
  });
}

/** The users a group's tag may name as its default handler. */
export function useGroupHandlers(groupId: string) {
  return useQuery({
    queryKey: [...groupPlace(groupId).key, 'handlers'],
    queryFn: ({ signal }) =>
      api(`${groupRequestsUrl(groupId)}/handlers`, { response: requestHandlerListSchema, signal }),
  });
}

export function useTagWrites(place: KeeperPlace) {
  const invalidate = useInvalidate(place.key);
  return {
    save: useMutation({
      mutationFn: ({ uuid, body }: { uuid: string | null; body: RequestTagInput }) =>
        uuid
          ? api(`${place.url}/tags/${uuid}`, { method: 'PUT', body, response: requestTagSchema })
          : api(`${place.url}/tags`, { method: 'POST', body, response: requestTagSchema }),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) =>
        api(`${place.url}/tags/${uuid}`, { method: 'DELETE', response: noContentSchema }),
      onSettled: invalidate,
    }),
  };
}

export function useTemplates(place: KeeperPlace) {
  return useQuery({
    queryKey: [...place.key, 'email-templates'],
    queryFn: ({ signal }) =>
      api(`${place.url}/email-templates`, { response: requestEmailTemplateListSchema, signal }),
    meta: { liveCollections: ['requestEmailTemplates', 'requestTags'] },
  });
}

export function useTemplateWrites(place: KeeperPlace) {
  const invalidate = useInvalidate(place.key);
  return {
    save: useMutation({
      mutationFn: ({ uuid, body }: { uuid: string | null; body: RequestEmailTemplateInput }) =>
        uuid
          ? api(`${place.url}/email-templates/${uuid}`, {
              method: 'PUT',
              body,
              response: requestEmailTemplateSchema,
            })
          : api(`${place.url}/email-templates`, {
              method: 'POST',
              body,
              response: requestEmailTemplateSchema,
            }),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) =>
        api(`${place.url}/email-templates/${uuid}`, { method: 'DELETE', response: noContentSchema }),
      onSettled: invalidate,
    }),
  };
}
