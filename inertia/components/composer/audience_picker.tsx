import { Globe, Users } from 'lucide-react'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/** Who may read a post (`Post.audience` on the server). */
export type Audience = Data.Post['audience']

export type AudienceOption = {
  value: Audience
  /** True when a post to this audience waits for an admin (server's moderation rule). */
  reviewed: boolean
}

const DETAILS: Record<Audience, { title: string; text: string; icon: typeof Users }> = {
  team: { title: 'Team', text: 'Members of the team only.', icon: Users },
  public: {
    title: 'Public',
    text: 'Everyone signed in, external accounts included.',
    icon: Globe,
  },
}

/**
 * Who can see the post, as a radio group (arrow keys move between the
 * options). Each option says whether an admin reviews it first.
 */
export function AudiencePicker({
  name,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  name: string
  options: AudienceOption[]
  value: Audience
  onChange: (value: Audience) => void
  error?: string
  disabled?: boolean
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Who can see it</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const details = DETAILS[option.value]
          const Icon = details.icon
          const checked = value === option.value
          return (
            <label
              key={option.value}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-primary bg-accent/60' : 'bg-card hover:bg-muted',
                disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                className="mt-0.5 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="flex items-center gap-1.5 font-medium">
                  <Icon className="size-4" aria-hidden /> {details.title}
                </span>
                <span className="text-muted-foreground">{details.text}</span>
                <span
                  className={cn(
                    'text-xs',
                    option.reviewed ? 'text-amber-700 dark:text-amber-300' : 'text-muted-foreground'
                  )}
                >
                  {option.reviewed
                    ? 'An admin reviews it before others can see it.'
                    : 'Published at once.'}
                </span>
              </span>
            </label>
          )
        })}
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
