import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Trash2 } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'

type AdminToken = {
  id: string
  name: string
  scopes: string[]
  createdAt: string | null
  lastUsedAt: string | null
  expiresAt: string | null
  expired: boolean
  owner: { id: number; username: string; fullName: string }
}

function when(value: string | null) {
  return value ? new Date(value).toLocaleString() : null
}

/**
 * Admin → API tokens (issue 14): every personal access token of the team,
 * newest first, with its owner; an admin may revoke any of them.
 */
export default function AdminApiTokensPage({
  tokens,
  nextCursor,
}: {
  tokens: AdminToken[]
  nextCursor: string | null
}) {
  function revoke(token: AdminToken) {
    if (
      !window.confirm(
        `Revoke “${token.name}” of ${token.owner.fullName}? Scripts using it stop working at once.`
      )
    )
      return
    router.delete(route('admin.tokens.destroy', { id: token.id }), { preserveScroll: true })
  }

  return (
    <div className="grid gap-6">
      <PageTitle title="API tokens" />
      <header>
        <h1 className="text-2xl font-semibold">API tokens</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Personal access tokens of the public API. Revoking one stops it at once.
        </p>
      </header>
      {tokens.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody has a token.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="p-3 font-medium">Token</th>
                <th className="p-3 font-medium">Owner</th>
                <th className="p-3 font-medium">Scopes</th>
                <th className="p-3 font-medium">Last used</th>
                <th className="p-3 font-medium">Expires</th>
                <th className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id} className="border-t" data-testid="admin-token-row">
                  <td className="p-3 break-words">{token.name || 'Unnamed token'}</td>
                  <td className="p-3">
                    {token.owner.fullName}{' '}
                    <span className="text-muted-foreground">@{token.owner.username}</span>
                  </td>
                  <td className="p-3">
                    <span className="flex flex-wrap gap-1">
                      {token.scopes.map((scope) => (
                        <Badge key={scope} variant="secondary">
                          {scope}
                        </Badge>
                      ))}
                    </span>
                  </td>
                  <td className="p-3">{when(token.lastUsedAt) ?? 'never'}</td>
                  <td className="p-3">
                    {token.expired ? (
                      <Badge variant="destructive">expired</Badge>
                    ) : (
                      (when(token.expiresAt) ?? 'never')
                    )}
                  </td>
                  <td className="p-3 text-right">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => revoke(token)}
                      aria-label={`Revoke ${token.name} of ${token.owner.fullName}`}
                    >
                      <Trash2 className="size-4" aria-hidden />
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor && (
        <Link className="text-sm underline" route="admin.tokens.index" qs={{ cursor: nextCursor }}>
          Older tokens
        </Link>
      )}
    </div>
  )
}
