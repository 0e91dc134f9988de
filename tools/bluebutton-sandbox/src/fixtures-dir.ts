import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

// CMS's published samples live in the package's fixtures/ folder. Found through the package's own manifest
// rather than relative to this file, so it works both from source and from a server bundle that inlines us.
const packageJson = createRequire(import.meta.url).resolve('@blueconsent/bluebutton-sandbox/package.json')

export const fixturePath = (name: string): string => join(dirname(packageJson), 'fixtures', name)
