import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  noContentSchema,
  postDeliveriesSchema,
  postPageSchema,
  postResendSchema,
  postSchema,
  postTemplateListSchema,
  postTemplateSchema,
  type PostFormValues,
  type PostTemplateFormValues,
} from '@copro/domain';
import { api } from '../../../app/api';
import { buildingUrl } from '../../../app/api-paths';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useIdempotencyKeys } from '../../../app/idempotency-key';
import { uploadForm } from '../../../app/upload';

/** Keyed ['building', ref, 'posts' | 'postTemplates', …]: the live events of those collections refresh them. */
export const postsUrl = (ref: string): string => `${buildingUrl(ref)}/posts`;
export const postUrl = (ref: string, uuid: string): string => `${postsUrl(ref)}/${encodeURIComponent(uuid)}`;
export const attachmentUrl = (ref: string, uuid: string, fileId: string): string =>
  `${postUrl(ref, uuid)}/attachments/${encodeURIComponent(fileId)}`;
const templatesUrl = (ref: string): string => `${buildingUrl(ref)}/post-templates`;
export const groupTemplatesUrl = (groupId: string): string =>
  `/api/building-groups/${encodeURIComponent(groupId)}/post-templates`;

export function usePosts(params: { page: number; q: string; showAll: boolean }) {
  const ref = useBuildingShell().building.buildingRef;
  const search = new URLSearchParams({ page: String(params.page), pageSize: '50' });
  if (params.q) search.set('q', params.q);
  if (params.showAll) search.set('show', 'all');
  return useQuery({
    queryKey: ['building', ref, 'posts', 'list', params],
    queryFn: ({ signal }) =>
      api(`${postsUrl(ref)}?${search.toString()}`, { response: postPageSchema, signal }),
  });
}

export function usePost(uuid: string) {
  const ref = useBuildingShell().building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'posts', 'one', uuid],
    queryFn: ({ signal }) => api(postUrl(ref, uuid), { response: postSchema, signal }),
  });
}

export function usePostDeliveries(uuid: string, enabled: boolean) {
  const ref = useBuildingShell().building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'posts', 'deliveries', uuid],
    queryFn: ({ signal }) =>
      api(`${postUrl(ref, uuid)}/deliveries`, { response: postDeliveriesSchema, signal }),
    enabled,
    // Mails leave the outbox after the post is saved: their statuses change without a post change.
    refetchInterval: 15_000,
  });
}

/** The new-post form: the post as JSON and its files, in one multipart request. */
function sendPost(ref: string, values: PostFormValues, files: readonly File[], idempotencyKey: string) {
  const body = new FormData();
  body.append('post', JSON.stringify(values));
  for (const file of files) body.append('files', file, file.name);
  return uploadForm(postsUrl(ref), 'POST', body, postSchema, idempotencyKey);
}

export function useCreatePost() {
  const ref = useBuildingShell().building.buildingRef;
  const queryClient = useQueryClient();
  // A double click on Publish, or a retry after a lost answer, publishes (and mails) once.
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ values, files }: { values: PostFormValues; files: readonly File[] }) =>
      sendPost(ref, values, files, keys.keyFor({ values, files: files.map((f) => [f.name, f.size]) })),
    onSuccess: () => keys.saved(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['building', ref, 'posts'] }),
  });
}

export function usePostActions(uuid: string) {
  const ref = useBuildingShell().building.buildingRef;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['building', ref, 'posts'] });
  return {
    resend: useMutation({
      mutationFn: () => api(`${postUrl(ref, uuid)}/resend`, { method: 'POST', response: postResendSchema }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: () => api(postUrl(ref, uuid), { method: 'DELETE', response: noContentSchema }),
      onSettled: refresh,
    }),
  };
}

/** Templates of the building (its own and its group's) or, with `groupId`, of a group. */
export function usePostTemplates(scope: { buildingRef: string } | { groupId: string }, enabled = true) {
  const url = 'groupId' in scope ? groupTemplatesUrl(scope.groupId) : templatesUrl(scope.buildingRef);
  const key =
    'groupId' in scope
      ? ['group', scope.groupId, 'postTemplates']
      : ['building', scope.buildingRef, 'postTemplates'];
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(url, { response: postTemplateListSchema, signal }),
    enabled,
  });
}

export function useTemplateActions(scope: { buildingRef: string } | { groupId: string }) {
  const url = 'groupId' in scope ? groupTemplatesUrl(scope.groupId) : templatesUrl(scope.buildingRef);
  const key =
    'groupId' in scope
      ? ['group', scope.groupId, 'postTemplates']
      : ['building', scope.buildingRef, 'postTemplates'];
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    save: useMutation({
      mutationFn: ({ uuid, values }: { uuid: string | null; values: PostTemplateFormValues }) =>
        uuid
          ? api(`${url}/${encodeURIComponent(uuid)}`, {
              method: 'PUT',
              body: values,
              response: postTemplateSchema,
            })
          : api(url, { method: 'POST', body: values, response: postTemplateSchema }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) =>
        api(`${url}/${encodeURIComponent(uuid)}`, { method: 'DELETE', response: noContentSchema }),
      onSettled: refresh,
    }),
  };
}
