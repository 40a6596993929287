import { useState } from 'react'
import { router, useForm } from '@inertiajs/react'
import { KeyRound, Pencil, Plus, Send, Trash2 } from 'lucide-react'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Field, FieldError } from '~/components/ui/field'
import { route } from '~/lib/route'

type EventOption = { name: string; label: string }
type EndpointForm = { url: string; description: string; events: string[]; isActive: boolean }

function when(value: string | null) {
  return value ? new Date(value).toLocaleString() : '—'
}

const STATUS_VARIANT: Record<string, 'secondary' | 'destructive' | 'outline' | 'default'> = {
  delivered: 'secondary',
  failed: 'destructive',
  retrying: 'outline',
  pending: 'outline',
}

/**
 * The endpoint form (new and edit): URL, description, events, enabled.
 * useForm, not Form: the row's on/off switch sends the endpoint's data too.
 */
function EndpointFields({
  form,
  events,
  idPrefix,
}: {
  form: ReturnType<typeof useForm<EndpointForm>>
  events: EventOption[]
  idPrefix: string
}) {
  const errors = form.errors as Record<string, string | undefined>
  function toggle(name: string, on: boolean) {
    form.setData(
      'events',
      on ? [...form.data.events, name] : form.data.events.filter((event) => event !== name)
    )
  }
  return (
    <>
      <Field
        label="URL"
        error={errors.url}
        hint="Huddle POSTs signed JSON here. Public http(s) addresses only."
      >
        {(props) => (
          <Input
            {...props}
            name="url"
            type="url"
            inputMode="url"
            maxLength={2048}
            value={form.data.url}
            onChange={(e) => form.setData('url', e.target.value)}
            placeholder="https://example.com/hooks/huddle"
          />
        )}
      </Field>
      <Field label="Description (optional)" error={errors.description}>
        {(props) => (
          <Input
            {...props}
            name="description"
            maxLength={120}
            value={form.data.description}
            onChange={(e) => form.setData('description', e.target.value)}
            placeholder="e.g. Chat notifications"
          />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Events</legend>
        {events.map((event) => (
          <label key={event.name} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="events[]"
              value={event.name}
              id={`${idPrefix}-${event.name}`}
              checked={form.data.events.includes(event.name)}
              onChange={(e) => toggle(event.name, e.target.checked)}
              className="mt-1"
            />
            <span>
              <code>{event.name}</code> — {event.label}
            </span>
          </label>
        ))}
        <FieldError
          message={
            errors.events ?? Object.entries(errors).find(([key]) => key.startsWith('events.'))?.[1]
          }
        />
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="isActive"
          checked={form.data.isActive}
          onChange={(e) => form.setData('isActive', e.target.checked)}
        />
        Enabled (a disabled endpoint receives nothing)
      </label>
    </>
  )
}

function EndpointCard({
  endpoint,
  events,
  secret,
}: {
  endpoint: Data.Admin.Webhook
  events: EventOption[]
  secret: string | null
}) {
  const [editing, setEditing] = useState(false)
  const form = useForm<EndpointForm>({
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    isActive: endpoint.isActive,
  })
  const name = endpoint.description || endpoint.url

  function save(e: React.FormEvent) {
    e.preventDefault()
    form.put(route('admin.webhooks.update', { id: endpoint.id }), {
      preserveScroll: true,
      onSuccess: () => setEditing(false),
    })
  }
  function setActive(isActive: boolean) {
    router.put(
      route('admin.webhooks.update', { id: endpoint.id }),
      { ...form.data, url: endpoint.url, events: endpoint.events, isActive },
      { preserveScroll: true }
    )
  }
  function remove() {
    if (!window.confirm(`Delete the webhook “${name}” and its delivery log?`)) return
    router.delete(route('admin.webhooks.destroy', { id: endpoint.id }), { preserveScroll: true })
  }
  function rotate() {
    if (!window.confirm('Make a new secret? The receiver must use the new one from now on.')) return
    router.post(route('admin.webhooks.rotate', { id: endpoint.id }), {}, { preserveScroll: true })
  }

  return (
    <section
      className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6"
      aria-labelledby={`webhook-${endpoint.id}`}
      data-testid="webhook-endpoint"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`webhook-${endpoint.id}`} className="font-semibold break-all">
            {endpoint.description || endpoint.url}
          </h2>
          {endpoint.description && (
            <p className="text-sm break-all text-muted-foreground">{endpoint.url}</p>
          )}
          <div className="mt-2 flex flex-wrap gap-1">
            {endpoint.isActive ? (
              <Badge variant="secondary">enabled</Badge>
            ) : (
              <Badge variant="destructive">disabled</Badge>
            )}
            {endpoint.events.map((event) => (
              <Badge key={event} variant="outline">
                {event}
              </Badge>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!endpoint.isActive}
            onClick={() =>
              router.post(
                route('admin.webhooks.test', { id: endpoint.id }),
                {},
                { preserveScroll: true }
              )
            }
          >
            <Send className="size-4" aria-hidden />
            Send test
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(!editing)}>
            <Pencil className="size-4" aria-hidden />
            {editing ? 'Close' : 'Edit'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setActive(!endpoint.isActive)}
          >
            {endpoint.isActive ? 'Disable' : 'Enable'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={rotate}>
            <KeyRound className="size-4" aria-hidden />
            New secret
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={remove}
            aria-label={`Delete ${name}`}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>

      {secret && (
        <div
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-900 dark:bg-amber-950"
          data-testid="webhook-secret"
        >
          <p className="font-medium">Signing secret — copy it now, it is shown only this once:</p>
          <code className="mt-2 block break-all rounded bg-card px-2 py-1">{secret}</code>
        </div>
      )}

      {editing && (
        <form onSubmit={save} className="grid gap-4 border-t pt-4" noValidate>
          <EndpointFields form={form} events={events} idPrefix={`edit-${endpoint.id}`} />
          <div>
            <Button type="submit" disabled={form.processing}>
              {form.processing ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      )}

      <div>
        <h3 className="mb-2 text-sm font-medium">Recent deliveries</h3>
        {endpoint.deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="p-2 font-medium">Event</th>
                  <th className="p-2 font-medium">Status</th>
                  <th className="p-2 font-medium">Response</th>
                  <th className="p-2 font-medium">Duration</th>
                  <th className="p-2 font-medium">Attempts</th>
                  <th className="p-2 font-medium">Last attempt</th>
                  <th className="p-2 font-medium">Error</th>
                </tr>
              </thead>
              <tbody>
                {endpoint.deliveries.map((delivery) => (
                  <tr key={delivery.id} className="border-t" data-testid="webhook-delivery">
                    <td className="p-2">
                      <code>{delivery.event}</code>
                    </td>
                    <td className="p-2">
                      <Badge variant={STATUS_VARIANT[delivery.status] ?? 'outline'}>
                        {delivery.status}
                      </Badge>
                    </td>
                    <td className="p-2">{delivery.responseCode ?? '—'}</td>
                    <td className="p-2">
                      {delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}
                    </td>
                    <td className="p-2">{delivery.attempts}</td>
                    <td className="p-2">{when(delivery.updatedAt)}</td>
                    <td className="p-2 break-words text-muted-foreground">
                      {delivery.error ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  )
}

/**
 * Admin → System → Webhooks (issue 14): endpoints Huddle calls when a post
 * is published, a comment written, a member joins or a report is filed;
 * each delivery signed (HMAC-SHA256), retried, and logged here.
 */
export default function WebhooksPage({
  endpoints,
  events,
  revealedSecret,
  signatureHeader,
  maxEndpoints,
}: {
  endpoints: Data.Admin.Webhook[]
  events: EventOption[]
  revealedSecret: { id: string; secret: string } | null
  signatureHeader: string
  maxEndpoints: number
}) {
  const [adding, setAdding] = useState(endpoints.length === 0)
  const form = useForm<EndpointForm>({
    url: '',
    description: '',
    events: events.map((event) => event.name),
    isActive: true,
  })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('admin.webhooks.store'), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        setAdding(false)
      },
    })
  }

  return (
    <div className="grid gap-6">
      <PageTitle title="Webhooks" />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Webhooks</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Huddle POSTs a JSON body to each enabled endpoint for the events it chose, signed in the{' '}
            <code>{signatureHeader}</code> header as <code>t=&lt;unix time&gt;,v1=&lt;hex&gt;</code>
            : the HMAC-SHA256 of <code>&lt;t&gt;.&lt;raw body&gt;</code> with the endpoint’s secret.
            Failed deliveries are retried with back-off. At most {maxEndpoints} endpoints.
          </p>
        </div>
        {!adding && endpoints.length < maxEndpoints && (
          <Button type="button" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden />
            Add endpoint
          </Button>
        )}
      </header>

      {adding && (
        <section
          className="rounded-xl border bg-card p-4 sm:p-6"
          aria-labelledby="new-webhook-title"
        >
          <h2 id="new-webhook-title" className="mb-4 font-semibold">
            New endpoint
          </h2>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <EndpointFields form={form} events={events} idPrefix="new" />
            <div className="flex gap-2">
              <Button type="submit" disabled={form.processing}>
                {form.processing ? 'Adding…' : 'Add endpoint'}
              </Button>
              {endpoints.length > 0 && (
                <Button type="button" variant="outline" onClick={() => setAdding(false)}>
                  Cancel
                </Button>
              )}
            </div>
          </form>
        </section>
      )}

      {endpoints.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="webhooks-empty">
          No webhook endpoints yet.
        </p>
      ) : (
        endpoints.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            events={events}
            secret={revealedSecret?.id === endpoint.id ? revealedSecret.secret : null}
          />
        ))
      )}
    </div>
  )
}
