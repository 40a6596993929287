import type User from '#models/user'

/**
 * Channel authorisation rules, Laravel style (start/channels.ts registers
 * them): a pattern with `{params}` and a callback deciding for the signed-in
 * user. Private channels need a truthy answer; presence channels need the
 * member's public info (an object), anything else refuses.
 *
 *   channel('App.Models.User.{id}', (user, { id }) => user.id === Number(id))
 *   channel('presence-online', (user) => ({ id: user.id, name: user.fullName }))
 *
 * A pattern without a prefix matches both `private-` and `presence-`
 * channels of that name (as in Laravel); with `private-` / `presence-` it
 * matches that kind only. Public channels need no rule (no authorisation).
 */
export type MemberInfo = Record<string, unknown>
export type ChannelCallback = (
  user: User,
  params: Record<string, string>
) => boolean | MemberInfo | null | undefined | Promise<boolean | MemberInfo | null | undefined>

interface Rule {
  pattern: string
  regex: RegExp
  names: string[]
  callback: ChannelCallback
}

const rules: Rule[] = []

const PREFIXES = ['private-', 'presence-']

function compile(pattern: string) {
  const names: string[] = []
  const source = pattern
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = part.match(/^\{(\w+)\}$/)
      if (param) {
        names.push(param[1])
        return '([^.:;,=@\\s]+)'
      }
      return part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')
    })
    .join('')
  const prefixed = PREFIXES.some((prefix) => pattern.startsWith(prefix))
  return {
    names,
    regex: new RegExp(prefixed ? `^${source}$` : `^(?:private-|presence-)${source}$`),
  }
}

/** Registers the rule for channels matching `pattern` (later registrations of the same pattern replace it). */
export function channel(pattern: string, callback: ChannelCallback) {
  const { regex, names } = compile(pattern)
  const existing = rules.findIndex((rule) => rule.pattern === pattern)
  const rule = { pattern, regex, names, callback }
  if (existing >= 0) rules[existing] = rule
  else rules.push(rule)
}

/** Removes the rule for `pattern` (tests registering rules of their own clean up with it). */
export function forgetChannel(pattern: string) {
  const index = rules.findIndex((rule) => rule.pattern === pattern)
  if (index >= 0) rules.splice(index, 1)
}

export function registeredChannelPatterns() {
  return rules.map((rule) => rule.pattern)
}

export type ChannelDecision =
  | { allowed: false }
  | { allowed: true; presence: false }
  | { allowed: true; presence: true; member: MemberInfo }

/** What the rules say about `user` joining `name` (a full channel name). */
export async function authorizeChannel(user: User, name: string): Promise<ChannelDecision> {
  const presence = name.startsWith('presence-')
  if (!presence && !name.startsWith('private-')) return { allowed: false }
  for (const rule of rules) {
    const match = name.match(rule.regex)
    if (!match) continue
    const params: Record<string, string> = {}
    rule.names.forEach((param, index) => (params[param] = match[index + 1]))
    const answer = await rule.callback(user, params)
    if (!answer) return { allowed: false }
    if (!presence) return { allowed: true, presence: false }
    if (typeof answer !== 'object') return { allowed: false }
    return { allowed: true, presence: true, member: answer }
  }
  return { allowed: false }
}
