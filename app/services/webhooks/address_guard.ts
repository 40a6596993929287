import { BlockList, isIP } from 'node:net'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import env from '#start/env'

/**
 * The SSRF guard of outgoing webhooks (issue 14): an endpoint may not point
 * into the server's own network — loopback, private (RFC 1918, ULA),
 * link-local (cloud metadata at 169.254.169.254), CGNAT, multicast,
 * unspecified or reserved addresses — unless the operator allows it
 * (WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true, e.g. a receiver on the same host).
 * Checked when an endpoint is saved (a friendly message) AND on every
 * connection, on the address actually connected to (guardedLookup), so a
 * name that later resolves elsewhere (DNS rebinding) is refused too.
 */
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

export function privateAddressesAllowed() {
  return env.get('WEBHOOK_ALLOW_PRIVATE_ADDRESSES') === true
}

/** Whether `address` (an IP literal) is one webhooks may not reach. */
export function isForbiddenAddress(address: string) {
  const family = isIP(address)
  if (family === 0) return true
  if (family === 6) {
    // IPv4-mapped (::ffff:127.0.0.1): judge the IPv4 address.
    const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)
    if (mapped) return blocked.check(mapped[1], 'ipv4')
    return blocked.check(address, 'ipv6')
  }
  return blocked.check(address, 'ipv4')
}

export const FORBIDDEN_ADDRESS_MESSAGE =
  'This address is in a private or local network: webhooks may only call public addresses.'

/**
 * The `lookup` of the outgoing request: resolves as usual, then refuses
 * the connection when an address is forbidden (unless allowed).
 */
export function guardedLookup(
  hostname: string,
  options: object,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void
) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const list = addresses as LookupAddress[]
    if (!privateAddressesAllowed() && list.some((entry) => isForbiddenAddress(entry.address))) {
      return callback(new Error(FORBIDDEN_ADDRESS_MESSAGE), [])
    }
    if ((options as { all?: boolean }).all) return callback(null, list)
    callback(null, list[0].address, list[0].family)
  })
}

/** Resolves the URL's host now: null when allowed, else why not (for the form). */
export async function addressProblem(url: URL): Promise<string | null> {
  if (privateAddressesAllowed()) return null
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return isForbiddenAddress(host) ? FORBIDDEN_ADDRESS_MESSAGE : null
  if (host === 'localhost' || host.endsWith('.localhost')) return FORBIDDEN_ADDRESS_MESSAGE
  return new Promise((resolve) => {
    dnsLookup(host, { all: true }, (error, addresses) => {
      if (error) return resolve('This host name does not resolve.')
      const list = addresses as LookupAddress[]
      resolve(
        list.some((entry) => isForbiddenAddress(entry.address)) ? FORBIDDEN_ADDRESS_MESSAGE : null
      )
    })
  })
}
