// Where a webhook may not go: the portal's own network, whatever name points there, checked at delivery time.
import { describe, expect, it } from 'vitest'
import { resolveWebhookTarget, WebhookTargetRefused, type Resolver } from './webhook-target.ts'

const dns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host]
    if (!addresses) throw new Error('ENOTFOUND')
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

const resolve = dns({
  'hooks.example.com': ['93.184.216.34'],
  'internal.example.com': ['10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'split.example.com': ['93.184.216.34', '192.168.1.10'],
  'v6-private.example.com': ['fd00::1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1'],
})

const target = (url: string, allowLoopback = false) =>
  resolveWebhookTarget(new URL(url), { allowLoopback, resolve })

describe('webhook targets', () => {
  it('pins the public address a name resolves to', async () => {
    await expect(target('https://hooks.example.com/in')).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    })
  })

  it.each([
    ['https://10.1.2.3/', 'private'],
    ['https://172.16.0.1/', 'private'],
    ['https://192.168.0.1/', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'linkLocal'],
    ['https://127.0.0.1/', 'loopback'],
    ['https://[::1]/', 'loopback'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://100.64.0.1/', 'carrierGradeNat'],
    ['https://[fe80::1]/', 'linkLocal'],
    ['https://internal.example.com/', 'private'],
    ['https://metadata.example.com/', 'linkLocal'],
    ['https://v6-private.example.com/', 'uniqueLocal'],
    ['https://mapped.example.com/', 'loopback'],
    ['https://localhost/', 'loopback'],
  ])('refuses %s (%s)', async (url, range) => {
    await expect(target(url)).rejects.toThrow(
      new WebhookTargetRefused(`The endpoint resolves to a ${range} address, which webhooks may not reach.`),
    )
  })

  it('refuses a name when any of its addresses is private, not only the first', async () => {
    await expect(target('https://split.example.com/')).rejects.toBeInstanceOf(WebhookTargetRefused)
  })

  it('refuses plain http off this machine, and names that do not resolve', async () => {
    await expect(target('http://hooks.example.com/')).rejects.toThrow(/https only/)
    await expect(target('https://nowhere.example.com/')).rejects.toThrow(/does not resolve/)
    await expect(target('ftp://hooks.example.com/')).rejects.toBeInstanceOf(WebhookTargetRefused)
  })

  it('reaches loopback, over http too, only where the configuration allows it; private ranges never', async () => {
    await expect(target('http://127.0.0.1:9000/', true)).resolves.toEqual({ address: '127.0.0.1', family: 4 })
    await expect(target('http://localhost:9000/', true)).resolves.toEqual({ address: '127.0.0.1', family: 4 })
    await expect(target('http://localhost:9000/')).rejects.toBeInstanceOf(WebhookTargetRefused)
    await expect(target('https://10.0.0.1/', true)).rejects.toBeInstanceOf(WebhookTargetRefused)
    await expect(target('https://metadata.example.com/', true)).rejects.toBeInstanceOf(WebhookTargetRefused)
  })
})
