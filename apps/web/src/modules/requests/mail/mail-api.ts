import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  noContentSchema,
  renderedRequestTemplateSchema,
  requestConversationSchema,
  requestEmailPageSchema,
  requestEmailSchema,
  requestMailAddressSchema,
  type LooseEmailFolder,
  type RequestEmailMove,
  type RequestReply,
} from '@copro/domain';
import { api } from '../../../app/api';
import { buildingUrl } from '../../../app/api-paths';
import { uploadForm } from '../../../app/upload';
import { requestsUrl } from '../requests-api';

/**
 * Requests by email: folders, conversations, replies. Keyed ['building', ref, 'requestEmails', …],
 * so the live events of the `requestEmails` collection refresh every one of them.
 */

export const requestEmailsUrl = (buildingRef: string): string => `${buildingUrl(buildingRef)}/request-emails`;
const emailUrl = (buildingRef: string, uuid: string): string =>
  `${requestEmailsUrl(buildingRef)}/${encodeURIComponent(uuid)}`;
const conversationUrl = (buildingRef: string, requestUuid: string): string =>
  `${requestsUrl(buildingRef)}/${encodeURIComponent(requestUuid)}/emails`;
export const emailFileUrl = (buildingRef: string, uuid: string, fileId: string): string =>
  `${emailUrl(buildingRef, uuid)}/files/${encodeURIComponent(fileId)}`;

export const requestEmailsKey = (buildingRef: string) => ['building', buildingRef, 'requestEmails'] as const;

export const emailPageSize = 25;

export function useRequestMailAddress(buildingRef: string) {
  return useQuery({
    queryKey: [...requestEmailsKey(buildingRef), 'address'],
    queryFn: ({ signal }) =>
      api(`${requestEmailsUrl(buildingRef)}/address`, { response: requestMailAddressSchema, signal }),
    staleTime: Infinity,
  });
}

export function useEmailFolder(buildingRef: string, folder: LooseEmailFolder, page: number) {
  const search = new URLSearchParams({ folder, page: String(page), pageSize: String(emailPageSize) });
  return useQuery({
    queryKey: [...requestEmailsKey(buildingRef), 'folder', folder, page],
    queryFn: ({ signal }) =>
      api(`${requestEmailsUrl(buildingRef)}?${search}`, { response: requestEmailPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmail(buildingRef: string, uuid: string) {
  return useQuery({
    queryKey: [...requestEmailsKey(buildingRef), 'one', uuid],
    queryFn: ({ signal }) => api(emailUrl(buildingRef, uuid), { response: requestEmailSchema, signal }),
  });
}

export function useConversation(buildingRef: string, requestUuid: string) {
  return useQuery({
    queryKey: [...requestEmailsKey(buildingRef), 'request', requestUuid],
    queryFn: ({ signal }) =>
      api(conversationUrl(buildingRef, requestUuid), { response: requestConversationSchema, signal }),
  });
}

/** The writes on one email; each reads the emails again after, a refusal too (someone may have moved it). */
export function useEmailWrites(buildingRef: string) {
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: requestEmailsKey(buildingRef) });
  return {
    markRead: useMutation({
      mutationFn: ({ uuid, read }: { uuid: string; read: boolean }) =>
        api(`${emailUrl(buildingRef, uuid)}/read`, {
          method: 'PUT',
          body: { read },
          response: requestEmailSchema,
        }),
      onSettled: invalidate,
    }),
    move: useMutation({
      mutationFn: ({ uuid, move }: { uuid: string; move: RequestEmailMove }) =>
        api(`${emailUrl(buildingRef, uuid)}/folder`, {
          method: 'PUT',
          body: move,
          response: requestEmailSchema,
        }),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) =>
        api(emailUrl(buildingRef, uuid), { method: 'DELETE', response: noContentSchema }),
      onSettled: invalidate,
    }),
  };
}

/** Sends a reply (the JSON field `reply` and its files) in a request's thread. */
export function useSendReply(buildingRef: string, requestUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reply, files }: { reply: RequestReply; files: File[] }) => {
      const body = new FormData();
      body.append('reply', JSON.stringify(reply));
      for (const file of files) body.append('files', file, file.name);
      return uploadForm(conversationUrl(buildingRef, requestUuid), 'POST', body, requestEmailSchema);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: requestEmailsKey(buildingRef) }),
  });
}

/** A request email template rendered with the request's data (the requests part's route). */
export const renderTemplate = (buildingRef: string, templateUuid: string, requestUuid: string) =>
  api(`${requestsUrl(buildingRef)}/email-templates/${encodeURIComponent(templateUuid)}/render`, {
    method: 'POST',
    body: { requestUuid },
    response: renderedRequestTemplateSchema,
  });
