// The alert rules, the scrape config and the Grafana dashboard in deploy/ name metrics by hand. Every metric they
// use must be one this API's registry exports (a histogram through its _bucket, _sum and _count series), and
// every queue they name one the job queue has, so a renamed metric or queue cannot silently turn an alert
// into one that never fires or a panel into an empty one.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import type { AppContext } from '../context.ts'
import { QUEUES } from '../jobs/queue.ts'
import { registerMetrics } from './metrics.ts'

const DEPLOY = join(fileURLToPath(import.meta.url), '../../../../../../deploy')

/** The series names the registry exports, histograms expanded into their series. */
async function exportedSeries(): Promise<Set<string>> {
  const app = { addHook() {}, decorate() {} } as unknown as FastifyInstance
  const ctx = {
    database: {
      poolStats: () => ({ total: 0, idle: 0, waiting: 0, max: 0 }),
      executeSql: async () => ({ rows: [] }),
    },
  } as unknown as AppContext
  const registry = registerMetrics(app, ctx)
  const series = new Set<string>()
  for (const metric of await registry.getMetricsAsJSON()) {
    series.add(metric.name)
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) series.add(`${metric.name}${suffix}`)
  }
  return series
}

const PROMQL_WORDS = new Set([
  ...['sum', 'min', 'max', 'avg', 'count', 'topk', 'bottomk', 'quantile', 'stddev', 'stdvar', 'group'],
  ...['rate', 'irate', 'increase', 'delta', 'idelta', 'deriv', 'histogram_quantile', 'abs', 'clamp_min'],
  ...[
    'by',
    'without',
    'on',
    'ignoring',
    'group_left',
    'group_right',
    'and',
    'or',
    'unless',
    'bool',
    'offset',
  ],
  ...[
    'absent',
    'vector',
    'scalar',
    'time',
    'label_replace',
    'sum_over_time',
    'max_over_time',
    'avg_over_time',
  ],
])

/** Metric names in a PromQL expression: identifiers left once strings, selectors and groupings are removed. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
  const names = bare.match(/[A-Za-z_:][A-Za-z0-9_:]*/g) ?? []
  return [...new Set(names.filter((name) => !PROMQL_WORDS.has(name) && !/^\d/.test(name)))]
}

/** Values given to the `queue` label in an expression. */
const queueValues = (expr: string): string[] =>
  [...expr.matchAll(/\bqueue\s*=~?\s*"([^"]*)"/g)].map((match) => match[1] ?? '')

type Rule = { alert?: string; expr: string }
const alertRules = (): Rule[] =>
  (
    parse(readFileSync(join(DEPLOY, 'prometheus', 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }
  ).groups.flatMap((group) => group.rules)

type Panel = { title: string; type: string; targets?: { expr: string }[]; panels?: Panel[] }
const dashboardTargets = (): { title: string; expr: string }[] => {
  const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana', 'blueconsent.json'), 'utf8')) as {
    panels: Panel[]
  }
  const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])])
  return panels.flatMap((panel) => (panel.targets ?? []).map(({ expr }) => ({ title: panel.title, expr })))
}

describe('deploy/ monitoring files', () => {
  it('reads metric names out of PromQL', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le, route) (rate(http_request_duration_seconds_bucket{route!="x"}[5m]))) > 2',
      ),
    ).toEqual(['http_request_duration_seconds_bucket'])
    expect(metricNames('max(delta(job_queue_jobs{queue="a", state="failed"}[30m])) / up')).toEqual([
      'job_queue_jobs',
      'up',
    ])
  })

  it('alerts only on metrics the API exports, and on queues it has', async () => {
    const series = await exportedSeries()
    const rules = alertRules()
    const names = rules.map((rule) => rule.alert)
    for (const wanted of ['HighErrorRate', 'SlowRequests', 'QueueBacklog', 'PullFailures', 'WebhookFailures'])
      expect(names).toContain(`BlueConsent${wanted}`)
    for (const rule of rules) {
      const used = metricNames(rule.expr)
      expect(used.length, rule.alert).toBeGreaterThan(0)
      for (const name of used) expect(series, `${rule.alert} uses ${name}`).toContain(name)
      for (const queue of queueValues(rule.expr))
        expect(Object.values(QUEUES), `${rule.alert} names queue ${queue}`).toContain(queue)
    }
  })

  it("draws only metrics the API exports, and every alert's metric has a panel", async () => {
    const series = await exportedSeries()
    const targets = dashboardTargets()
    expect(targets.length).toBeGreaterThan(10)
    const drawn = new Set<string>()
    for (const { title, expr } of targets) {
      const used = metricNames(expr)
      expect(used.length, title).toBeGreaterThan(0)
      for (const name of used) {
        expect(series, `panel "${title}" uses ${name}`).toContain(name)
        drawn.add(name)
      }
      for (const queue of queueValues(expr))
        expect(Object.values(QUEUES), `panel "${title}" names queue ${queue}`).toContain(queue)
    }
    for (const rule of alertRules())
      for (const name of metricNames(rule.expr))
        expect(drawn, `${rule.alert}: no panel shows ${name}`).toContain(name)
  })

  it('scrapes the metrics listener with the rules loaded', () => {
    const config = parse(readFileSync(join(DEPLOY, 'prometheus', 'prometheus.yml'), 'utf8')) as {
      rule_files: string[]
      scrape_configs: { job_name: string; metrics_path: string }[]
    }
    expect(config.rule_files).toContain('alerts.yml')
    expect(config.scrape_configs.map((job) => [job.job_name, job.metrics_path])).toContainEqual([
      'blueconsent-api',
      '/metrics',
    ])
  })
})
