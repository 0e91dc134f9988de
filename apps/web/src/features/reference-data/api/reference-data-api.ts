// Reference data's calls: the read-only tables, the templates, one template's history, and the platform
// administrator's save and restore (each answers the new history, which replaces the cached one).
import {
  REFERENCE_DATA_PATH,
  TEMPLATES_PATH,
  messageTemplateHistorySchema,
  messageTemplateListSchema,
  referenceDataSchema,
  type TemplateLanguage,
  type TemplateSave,
} from '@blueconsent/contract/reference-data'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

const keys = {
  all: ['reference-data'] as const,
  tables: () => [...keys.all, 'tables'] as const,
  templates: () => [...keys.all, 'templates'] as const,
  history: (key: string, language: TemplateLanguage) => [...keys.all, 'history', key, language] as const,
}

export const useReferenceData = () =>
  useQuery({
    queryKey: keys.tables(),
    queryFn: ({ signal }) => apiClient.get(REFERENCE_DATA_PATH, { schema: referenceDataSchema, signal }),
  })

export const useMessageTemplates = () =>
  useQuery({
    queryKey: keys.templates(),
    queryFn: ({ signal }) => apiClient.get(TEMPLATES_PATH, { schema: messageTemplateListSchema, signal }),
  })

const historyUrl = (key: string, language: TemplateLanguage) => `${TEMPLATES_PATH}${key}/${language}/`

export const useTemplateHistory = (key: string, language: TemplateLanguage) =>
  useQuery({
    queryKey: keys.history(key, language),
    queryFn: ({ signal }) =>
      apiClient.get(historyUrl(key, language), { schema: messageTemplateHistorySchema, signal }),
  })

export type TemplateChange = { kind: 'save'; body: TemplateSave } | { kind: 'restore'; version: number }

export function useTemplateChange(key: string, language: TemplateLanguage) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: TemplateChange) =>
      change.kind === 'save'
        ? apiClient.put(historyUrl(key, language), change.body, { schema: messageTemplateHistorySchema })
        : apiClient.post(
            `${historyUrl(key, language)}restore/`,
            { version: change.version },
            { schema: messageTemplateHistorySchema },
          ),
    onSuccess: async (history) => {
      queryClient.setQueryData(keys.history(key, language), history)
      await queryClient.invalidateQueries({ queryKey: keys.templates() })
    },
  })
}
