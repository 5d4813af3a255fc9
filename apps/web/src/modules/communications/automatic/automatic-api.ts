import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  automaticCommunicationSettingsSchema,
  automaticMailHistorySchema,
  automaticMailPreviewSchema,
  automaticMailsPageSchema,
  automaticMailTemplateSchema,
  type AutomaticCommunicationSettings,
  type AutomaticMailKind,
  type AutomaticMailTemplateEdit,
  type Language,
} from '@copro/domain';
import { api } from '../../../app/api';
import { buildingUrl } from '../../../app/api-paths';
import { useBuildingShell } from '../../../app/shell/building-context';

/** Keyed ['building', ref, 'automaticMails', …]: the collection's live events refresh them. */
const automaticUrl = (ref: string): string => `${buildingUrl(ref)}/automatic-mails`;
const key = (ref: string, ...rest: unknown[]) => ['building', ref, 'automaticMails', ...rest] as const;

const useRef = () => useBuildingShell().building.buildingRef;

export function useAutomaticMails() {
  const ref = useRef();
  return useQuery({
    queryKey: key(ref, 'page'),
    queryFn: ({ signal }) => api(automaticUrl(ref), { response: automaticMailsPageSchema, signal }),
  });
}

export function useAutomaticMailHistory(page: number, pageSize: number) {
  const ref = useRef();
  return useQuery({
    queryKey: key(ref, 'history', page, pageSize),
    queryFn: ({ signal }) =>
      api(`${automaticUrl(ref)}/history?page=${page}&pageSize=${pageSize}`, {
        response: automaticMailHistorySchema,
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export interface PreviewRequest {
  kind: AutomaticMailKind;
  unitUuid: string;
  language: Language;
  subject: string;
  body: string;
}

/** The text being edited rendered with a unit's data; nothing is asked before a unit is chosen. */
export function useAutomaticMailPreview(request: PreviewRequest | null) {
  const ref = useRef();
  return useQuery({
    queryKey: key(ref, 'preview', request),
    queryFn: ({ signal }) =>
      api(`${automaticUrl(ref)}/preview?${new URLSearchParams({ ...request! }).toString()}`, {
        response: automaticMailPreviewSchema,
        signal,
      }),
    enabled: request !== null,
    placeholderData: (previous) => previous,
  });
}

export function useSaveReminderSettings() {
  const ref = useRef();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: AutomaticCommunicationSettings) =>
      api(`${automaticUrl(ref)}/settings`, {
        method: 'PUT',
        body: values,
        response: automaticCommunicationSettingsSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(ref) }),
  });
}

const templateUrl = (ref: string, kind: AutomaticMailKind, language: Language) =>
  `${automaticUrl(ref)}/templates/${kind}/${language}`;

export function useSaveTemplate() {
  const ref = useRef();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: AutomaticMailKind; language: Language; text: AutomaticMailTemplateEdit }) =>
      api(templateUrl(ref, input.kind, input.language), {
        method: 'PUT',
        body: input.text,
        response: automaticMailTemplateSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(ref) }),
  });
}

export function useResetTemplate() {
  const ref = useRef();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: AutomaticMailKind; language: Language }) =>
      api(templateUrl(ref, input.kind, input.language), {
        method: 'DELETE',
        response: automaticMailTemplateSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(ref) }),
  });
}
