// Reference data's calls: the read-only tables, the templates, one template's history, and the platform
// administrator's save and restore (each answers the new history, which replaces the cached one).
import type { TemplateLanguage, TemplateSave } from '@blueconsent/contract/reference-data'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

const ALL = ['reference-data'] as const
export const referenceDataKeys = {
  all: ALL,
  tables: () => [...ALL, 'tables'] as const,
  templates: () => [...ALL, 'templates'] as const,
  history: (key: string, language: TemplateLanguage) => [...ALL, 'history', key, language] as const,
}

export const referenceDataQueryOptions = () =>
  queryOptions({
    queryKey: referenceDataKeys.tables(),
    queryFn: ({ signal }) => callEndpoint('reference-data.tables', { signal }),
  })

export const useReferenceData = () => useQuery(referenceDataQueryOptions())

export const messageTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: referenceDataKeys.templates(),
    queryFn: ({ signal }) => callEndpoint('reference-data.templates', { signal }),
  })

export const useMessageTemplates = () => useQuery(messageTemplatesQueryOptions())

export const templateHistoryQueryOptions = (key: string, language: TemplateLanguage) =>
  queryOptions({
    queryKey: referenceDataKeys.history(key, language),
    queryFn: ({ signal }) => callEndpoint('reference-data.history', { params: { key, language }, signal }),
  })

export const useTemplateHistory = (key: string, language: TemplateLanguage) =>
  useQuery(templateHistoryQueryOptions(key, language))

export type TemplateChange = { kind: 'save'; body: TemplateSave } | { kind: 'restore'; version: number }

export function useTemplateChange(key: string, language: TemplateLanguage) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: TemplateChange) =>
      change.kind === 'save'
        ? callEndpoint('reference-data.save', { params: { key, language }, body: change.body })
        : callEndpoint('reference-data.restore', {
            params: { key, language },
            body: { version: change.version },
          }),
    onSuccess: async (history) => {
      queryClient.setQueryData(referenceDataKeys.history(key, language), history)
      await queryClient.invalidateQueries({ queryKey: referenceDataKeys.templates() })
    },
  })
}
