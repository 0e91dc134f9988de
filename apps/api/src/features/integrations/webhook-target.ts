// Where a webhook may go. The address is resolved when the delivery is made (a name that pointed outside
// may point inside later) and every address it resolves to must be public; the request then connects to the
// address checked here, so a second lookup cannot swap it (DNS rebinding). Loopback is allowed only where the
// configuration says so (a developer's machine); private, link-local and other special ranges never.
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

export type ResolvedAddress = { address: string; family: 4 | 6 }
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export class WebhookTargetRefused extends Error {}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }))

/** The range ipaddr.js names for an address, IPv4-mapped IPv6 read as the IPv4 address it carries. */
export function addressRange(address: string): string {
  return ipaddr.process(address).range()
}

function checkAddress(address: string, allowLoopback: boolean): void {
  const range = addressRange(address)
  if (range === 'unicast') return
  if (range === 'loopback' && allowLoopback) return
  throw new WebhookTargetRefused(`The endpoint resolves to a ${range} address, which webhooks may not reach.`)
}

const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1')

/** The one address the delivery connects to, or WebhookTargetRefused. */
export async function resolveWebhookTarget(
  url: URL,
  options: { allowLoopback: boolean; resolve?: Resolver },
): Promise<ResolvedAddress> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookTargetRefused('Webhooks are sent over https only.')
  const host = bareHost(url)
  const family = isIP(host)
  const addresses: ResolvedAddress[] =
    family === 0
      ? await (options.resolve ?? systemResolver)(host).catch(() => {
          throw new WebhookTargetRefused(`The endpoint's host name ${host} does not resolve.`)
        })
      : [{ address: host, family: family === 6 ? 6 : 4 }]
  const first = addresses[0]
  if (!first) throw new WebhookTargetRefused(`The endpoint's host name ${host} does not resolve.`)
  for (const { address } of addresses) checkAddress(address, options.allowLoopback)
  if (url.protocol === 'http:' && addressRange(first.address) !== 'loopback')
    throw new WebhookTargetRefused('Webhooks are sent over https only (http:// only to this machine).')
  return first
}
