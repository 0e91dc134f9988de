// Loads the copied CMS fixtures (see fixtures/SOURCES.md). Tests never read /work/shared.
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const directory = fileURLToPath(new URL('./fixtures/', import.meta.url))

export function fixtureNames(): string[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
}

export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(directory + name, 'utf8'))
}

/** Entries' resources of a Bundle fixture. */
export function bundleResources(name: string): Array<Record<string, unknown>> {
  const bundle = loadFixture(name) as { entry?: Array<{ resource: Record<string, unknown> }> }
  return (bundle.entry ?? []).map((entry) => entry.resource)
}

/** One resource from a Bundle fixture by id; throws in the test if it is missing. */
export function bundleResource(name: string, id: string): Record<string, unknown> {
  const resource = bundleResources(name).find((candidate) => candidate.id === id)
  if (!resource) throw new Error(`${id} not in ${name}`)
  return resource
}
