import { useEffect, useId, useState } from 'react'
import { Check, X } from 'lucide-react'
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { cn } from '~/lib/utils'

/**
 * Live password strength meter (PRODUCT §2). The rules mirror the server's
 * (app/validators/auth.ts): 8–128 characters with a lower-case letter, an
 * upper-case letter, a digit and a symbol, and a zxcvbn score of at least 3.
 * zxcvbn and its dictionaries (~1 MB) load lazily, on the first keystroke,
 * in their own chunk, so other pages never download them.
 */
export const MIN_SCORE = 3

let estimator: Promise<ZxcvbnFactory> | null = null

function loadEstimator() {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        maxLength: 64,
      })
  )
  return estimator
}

const WARNINGS: Record<string, string> = {
  straightRow: 'Straight rows of keys are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'Sequences like "abc" or "123" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is one of the most used passwords.',
  topHundred: 'This is a very commonly used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is too similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'Avoid your name, username or e-mail address.',
}

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong']
const BAR_COLOURS = [
  'bg-red-600',
  'bg-orange-500',
  'bg-amber-500',
  'bg-green-600',
  'bg-emerald-600',
]

export function passwordChecks(password: string) {
  return [
    { label: '8 characters or more', ok: password.length >= 8 && password.length <= 128 },
    { label: 'a lower-case letter', ok: /\p{Ll}/u.test(password) },
    { label: 'an upper-case letter', ok: /\p{Lu}/u.test(password) },
    { label: 'a digit', ok: /\p{Nd}/u.test(password) },
    { label: 'a symbol', ok: /[^\p{L}\p{Nd}\s]/u.test(password) },
  ]
}

/** The user's own details, which a password should not lean on. */
export function userInputsFrom(...values: (string | undefined | null)[]) {
  const words = ['huddle']
  for (const value of values) {
    if (!value) continue
    words.push(...value.toLowerCase().split(/[\s@.]+/))
  }
  return words.filter((w) => w.length >= 3)
}

export function PasswordStrength({
  password,
  userInputs = [],
  id,
}: {
  password: string
  userInputs?: string[]
  id?: string
}) {
  const fallbackId = useId()
  const [result, setResult] = useState<{
    score: number
    warning: string | null
    for: string
  } | null>(null)
  const inputsKey = userInputs.join('\u0000')

  useEffect(() => {
    if (!password) return
    let cancelled = false
    const timer = setTimeout(() => {
      loadEstimator()
        .then((zxcvbn) => {
          if (cancelled) return
          const r = zxcvbn.check(password, inputsKey ? inputsKey.split('\u0000') : [])
          setResult({ score: r.score, warning: r.feedback.warning, for: password })
        })
        .catch(() => {
          // The meter is a hint; the server enforces the rule either way.
          if (!cancelled) setResult(null)
        })
    }, 120)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [password, inputsKey])

  const checks = passwordChecks(password)
  const rulesOk = checks.every((c) => c.ok)
  const score = result && result.for === password ? result.score : null
  const shownScore = score === null ? 0 : rulesOk ? score : Math.min(score, 1)
  const strongEnough = rulesOk && score !== null && score >= MIN_SCORE
  const label = !password ? 'Enter a password' : score === null ? 'Checking…' : LABELS[shownScore]

  return (
    <div id={id ?? fallbackId} className="grid gap-2 text-xs" data-testid="password-strength">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={shownScore}
        aria-valuetext={label}
        className="grid grid-cols-4 gap-1"
      >
        {[1, 2, 3, 4].map((segment) => (
          <span
            key={segment}
            className={cn(
              'h-1.5 rounded-full transition-colors',
              password && score !== null && shownScore >= segment
                ? BAR_COLOURS[shownScore]
                : 'bg-muted'
            )}
          />
        ))}
      </div>
      <p
        aria-live="polite"
        className={cn(
          'font-medium',
          strongEnough ? 'text-green-700 dark:text-green-400' : 'text-muted-foreground'
        )}
      >
        {label}
        {password && score !== null && !strongEnough && rulesOk
          ? ' — too easy to guess, make it longer or less predictable.'
          : ''}
        {strongEnough ? ' — good to go.' : ''}
      </p>
      {result?.warning && result.for === password && !strongEnough && WARNINGS[result.warning] && (
        <p className="text-muted-foreground">{WARNINGS[result.warning]}</p>
      )}
      <ul
        className="grid grid-cols-1 gap-x-4 gap-y-0.5 sm:grid-cols-2"
        aria-label="Password requirements"
      >
        {checks.map((check) => (
          <li
            key={check.label}
            className={cn(
              'flex items-center gap-1.5',
              check.ok ? 'text-green-700 dark:text-green-400' : 'text-muted-foreground'
            )}
          >
            {check.ok ? (
              <Check className="size-3.5" aria-hidden />
            ) : (
              <X className="size-3.5" aria-hidden />
            )}
            <span>
              {check.label}
              <span className="sr-only">{check.ok ? ' (done)' : ' (missing)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
