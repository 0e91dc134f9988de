// Reference data's calls: the read-only tables, the templates, one template's history, and the platform
// administrator's save and restore (each answers the new history, which replaces the cached one).
import type { TemplateLanguage, TemplateSave } from '@blueconsent/contract/reference-data'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../lib/endpoints.ts'

const keys = {
  all: ['reference-data'] as const,
  tables: () => [...keys.all, 'tables'] as const,
  templates: () => [...keys.all, 'templates'] as const,
  history: (key: string, language: TemplateLanguage) => [...keys.all, 'history', key, language] as const,
}

export const useReferenceData = () =>
  useQuery({
    queryKey: keys.tables(),
    queryFn: ({ signal }) => callEndpoint('reference-data.tables', { signal }),
  })

export const useMessageTemplates = () =>
  useQuery({
    queryKey: keys.templates(),
    queryFn: ({ signal }) => callEndpoint('reference-data.templates', { signal }),
  })

export const useTemplateHistory = (key: string, language: TemplateLanguage) =>
  useQuery({
    queryKey: keys.history(key, language),
    queryFn: ({ signal }) => callEndpoint('reference-data.history', { params: { key, language }, signal }),
  })

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
      queryClient.setQueryData(keys.history(key, language), history)
      await queryClient.invalidateQueries({ queryKey: keys.templates() })
    },
  })
}
