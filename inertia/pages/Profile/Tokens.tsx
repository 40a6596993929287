import { useState } from 'react'
import { router, useForm } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { KeyRound, Trash2 } from 'lucide-react'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { SettingsSection } from '~/components/profile/settings_section'
import { Button } from '~/components/ui/button'
import { Badge } from '~/components/ui/badge'
import { Input } from '~/components/ui/input'
import { Field, FieldError } from '~/components/ui/field'
import { route } from '~/lib/route'

type Scope = 'read' | 'write' | 'admin'

const SCOPE_TEXT: Record<Scope, string> = {
  read: 'Read: feeds, posts, comments, notifications.',
  write: 'Write: post, comment, like, mark notifications read.',
  admin: 'Admin: administration endpoints (admins only).',
}

function when(value: string | null) {
  return value ? new Date(value).toLocaleString() : null
}

/**
 * Profile settings → API tokens (issue 14): personal access tokens for the
 * public JSON API. Create one (its secret is shown here once), list them
 * with their scopes, last use and expiry, revoke any.
 */
export default function ProfileTokensPage({
  tokens,
  createdToken,
  scopes,
  lifetimes,
  maxTokens,
  docsUrl,
  adminNeedsPassword,
  draft,
}: {
  tokens: Data.Api.Token[]
  createdToken: { id: string; name: string; secret: string } | null
  scopes: Scope[]
  lifetimes: number[]
  maxTokens: number
  docsUrl: string
  adminNeedsPassword: boolean
  draft: { name: string; scopes: Scope[]; expiresInDays: number | null } | null
}) {
  // useForm, not Form: the scopes ticked decide what else the form asks, and a draft comes back.
  const form = useForm<{ name: string; scopes: Scope[]; expiresInDays: number | null }>(
    draft ?? { name: '', scopes: ['read'], expiresInDays: 90 }
  )
  const [copied, setCopied] = useState(false)
  const errors = form.errors as Record<string, string | undefined>

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('profile.tokens.store'), {
      preserveScroll: true,
      // Blank again (the defaults may be a draft brought back from the password check).
      onSuccess: () => form.setData('name', ''),
    })
  }

  function toggleScope(scope: Scope, on: boolean) {
    const next = on ? [...form.data.scopes, scope] : form.data.scopes.filter((s) => s !== scope)
    form.setData('scopes', next)
  }

  function revoke(id: string, name: string) {
    if (!window.confirm(`Revoke the token “${name}”? Scripts using it stop working at once.`))
      return
    router.delete(route('profile.tokens.destroy', { id }), { preserveScroll: true })
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PageTitle title="API tokens" />
      <header>
        <h1 className="text-2xl font-semibold">API tokens</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Personal access tokens let scripts, bots and apps use Huddle’s JSON API as you. Read the{' '}
          <a className="underline" href={docsUrl}>
            API reference
          </a>
          .{' '}
          <Link route="profile.edit" className="underline">
            Back to profile settings
          </Link>
        </p>
      </header>

      {createdToken && (
        <section
          aria-labelledby="new-token-title"
          className="rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-900 dark:bg-amber-950"
          data-testid="new-token"
        >
          <h2 id="new-token-title" className="font-semibold">
            Your new token “{createdToken.name}”
          </h2>
          <p className="mt-1 text-sm">
            Copy it now: it is shown only this once. Use it as <code>Authorization: Bearer …</code>.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code
              className="break-all rounded bg-card px-2 py-1 text-sm"
              data-testid="token-secret"
            >
              {createdToken.secret}
            </code>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(createdToken.secret).then(() => setCopied(true))
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </section>
      )}

      <SettingsSection
        id="create-token"
        title="Create a token"
        description={`Give it a name you will recognise, only the scopes it needs, and an expiry. At most ${maxTokens} tokens.`}
      >
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field label="Name" error={errors.name}>
            {(props) => (
              <Input
                {...props}
                name="name"
                maxLength={80}
                value={form.data.name}
                onChange={(e) => form.setData('name', e.target.value)}
                placeholder="e.g. Deploy bot"
              />
            )}
          </Field>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Scopes</legend>
            {scopes.map((scope) => (
              <label key={scope} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="scopes[]"
                  value={scope}
                  checked={form.data.scopes.includes(scope)}
                  onChange={(e) => toggleScope(scope, e.target.checked)}
                  className="mt-1"
                />
                <span>{SCOPE_TEXT[scope]}</span>
              </label>
            ))}
            {adminNeedsPassword && form.data.scopes.includes('admin') && (
              <p className="text-sm text-muted-foreground" role="note">
                A token with the admin scope can change roles and block people: you will be asked
                for your password first.
              </p>
            )}
            <FieldError
              message={
                errors.scopes ??
                Object.entries(errors).find(([key]) => key.startsWith('scopes.'))?.[1]
              }
            />
          </fieldset>
          <Field label="Expires" error={errors.expiresInDays}>
            {(props) => (
              <select
                {...props}
                name="expiresInDays"
                className="h-9 rounded-md border border-input bg-card px-3 text-sm"
                value={form.data.expiresInDays === null ? 'never' : String(form.data.expiresInDays)}
                onChange={(e) =>
                  form.setData(
                    'expiresInDays',
                    e.target.value === 'never' ? null : Number(e.target.value)
                  )
                }
              >
                {lifetimes.map((days) => (
                  <option key={days} value={days}>
                    In {days} days
                  </option>
                ))}
                <option value="never">Never</option>
              </select>
            )}
          </Field>
          <div>
            <Button type="submit" disabled={form.processing}>
              <KeyRound className="size-4" aria-hidden />
              {form.processing ? 'Creating…' : 'Create token'}
            </Button>
          </div>
        </form>
      </SettingsSection>

      <SettingsSection
        id="tokens"
        title="Your tokens"
        description="Revoking a token stops it at once. Changing your password revokes all of them."
      >
        {tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no tokens.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Your tokens">
            {tokens.map((token) => (
              <li
                key={token.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3"
                data-testid="token-row"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words">{token.name || 'Unnamed token'}</p>
                  <p className="mt-1 flex flex-wrap gap-1">
                    {token.scopes.map((scope) => (
                      <Badge key={scope} variant="secondary">
                        {scope}
                      </Badge>
                    ))}
                    {token.expired && <Badge variant="destructive">expired</Badge>}
                  </p>
                  <p className="mt-1 text-muted-foreground">
                    Created {when(token.createdAt)} · Last used {when(token.lastUsedAt) ?? 'never'}{' '}
                    · {token.expiresAt ? `Expires ${when(token.expiresAt)}` : 'Never expires'}
                  </p>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => revoke(token.id, token.name)}
                  aria-label={`Revoke ${token.name}`}
                >
                  <Trash2 className="size-4" aria-hidden />
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
    </div>
  )
}
