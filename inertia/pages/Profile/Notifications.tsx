import { useMemo } from 'react'
import { router, useForm } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { BellOff, Save } from 'lucide-react'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { SettingsSection } from '~/components/profile/settings_section'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Field, FieldError } from '~/components/ui/field'
import { route } from '~/lib/route'

type Settings = Data.NotificationSettings
type Grid = Record<string, Record<string, boolean>>

function initialGrid(settings: Settings): Grid {
  const grid: Grid = {}
  for (const category of settings.categories) {
    grid[category.id] = {}
    for (const cell of category.cells) grid[category.id][cell.channel] = cell.enabled
  }
  return grid
}

function zones(current: string | null) {
  const list: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const all = new Set(['UTC', ...list])
  if (current) all.add(current)
  return [...all].sort()
}

function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

function delayLabel(minutes: number) {
  if (minutes < 60) return `${minutes} minutes`
  const hours = minutes / 60
  return hours === 1 ? '1 hour' : hours === 24 ? '1 day' : `${hours} hours`
}

/**
 * Profile settings → Notifications (issue 15 §4): what reaches the person
 * on which channel (in the app, push, e-mail when away), quiet hours in
 * their time zone, and the posts and conversations they muted.
 */
export default function ProfileNotificationsPage({ settings }: { settings: Settings }) {
  // useForm, not Form: a grid of switches that enable and disable one another as they change.
  const form = useForm({
    grid: initialGrid(settings),
    quietStart: settings.quietHours.start ?? '',
    quietEnd: settings.quietHours.end ?? '',
    timeZone: settings.timeZone ?? browserZone(),
    emailAfterMinutes: settings.emailAfterMinutes,
    emailEnabled: settings.emailEnabled,
    digestEnabled: settings.digestEnabled,
  })
  const errors = form.errors as Record<string, string | undefined>
  const zoneList = useMemo(() => zones(settings.timeZone), [settings.timeZone])

  function setCell(category: string, channel: string, value: boolean) {
    form.setData('grid', {
      ...form.data.grid,
      [category]: { ...form.data.grid[category], [channel]: value },
    })
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      quietStart: data.quietStart || null,
      quietEnd: data.quietEnd || null,
    }))
    form.put(route('profile.notifications.update'), { preserveScroll: true })
  }

  function unmute(mute: Settings['mutes'][number]) {
    const url =
      mute.targetType === 'post'
        ? route('posts.mute', { id: mute.targetId })
        : route('messages.mute', { username: mute.username ?? '' })
    router.put(url, { muted: false }, { preserveScroll: true })
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PageTitle title="Notification settings" />
      <header>
        <h1 className="text-2xl font-semibold">Notification settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Choose what reaches you, and how. Push and e-mail follow what you get in the app.{' '}
          <Link route="profile.edit" className="underline">
            Back to profile settings
          </Link>
        </p>
      </header>

      <form onSubmit={submit} className="grid gap-6" noValidate>
        <SettingsSection
          id="notification-grid"
          title="What you get"
          description={
            <>
              <p>
                In the app: the bell. Push: your devices, when no Huddle tab is open in front of you
                {settings.pushEnabled ? '' : ' (push is off in your profile settings)'}. E-mail: one
                summary when you have been away.
              </p>
              {settings.announcementsUnmutable && (
                <p className="mt-2">Your team shows announcements to everyone in the app.</p>
              )}
            </>
          }
        >
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="notification-grid">
              <caption className="sr-only">Notifications by kind and channel</caption>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Kind
                  </th>
                  {settings.channels.map((channel) => (
                    <th
                      key={channel.id}
                      scope="col"
                      className="min-w-12 px-1 py-2 text-center font-medium break-normal sm:min-w-16 sm:px-2"
                    >
                      {channel.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {settings.categories.map((category) => {
                  const inApp = form.data.grid[category.id]?.in_app ?? true
                  return (
                    <tr key={category.id} className="border-b last:border-0 align-top">
                      <th scope="row" className="py-3 pr-3 text-left font-normal">
                        <span className="block font-medium">{category.label}</span>
                        <span className="block text-xs text-muted-foreground">
                          {category.description}
                        </span>
                      </th>
                      {category.cells.map((cell) => {
                        const channel = settings.channels.find((c) => c.id === cell.channel)
                        const label = `${category.label}: ${channel?.label ?? cell.channel}`
                        if (!cell.available) {
                          return (
                            <td key={cell.channel} className="px-1 py-3 text-center sm:px-2">
                              <span aria-label={`${label}: not available`} title="Not available">
                                —
                              </span>
                            </td>
                          )
                        }
                        const followsInApp = cell.channel !== 'in_app' && !inApp
                        return (
                          <td key={cell.channel} className="px-1 py-3 text-center sm:px-2">
                            <input
                              type="checkbox"
                              className="size-4 accent-primary"
                              aria-label={label}
                              name={`grid.${category.id}.${cell.channel}`}
                              checked={
                                cell.locked
                                  ? true
                                  : followsInApp
                                    ? false
                                    : (form.data.grid[category.id]?.[cell.channel] ?? false)
                              }
                              disabled={cell.locked || followsInApp}
                              title={
                                cell.locked
                                  ? 'Always on'
                                  : followsInApp
                                    ? 'Turn on “In the app” first'
                                    : undefined
                              }
                              onChange={(event) =>
                                setCell(category.id, cell.channel, event.target.checked)
                              }
                            />
                          </td>
                        )
                      })}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        </SettingsSection>

        <SettingsSection
          id="quiet-hours"
          title="Quiet hours"
          description="No push and no e-mail during these hours, read on your clock. The bell still counts."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="From" error={errors.quietStart}>
              {(props) => (
                <Input
                  {...props}
                  type="time"
                  className="dark:[color-scheme:dark]"
                  name="quietStart"
                  value={form.data.quietStart}
                  onChange={(event) => form.setData('quietStart', event.target.value)}
                />
              )}
            </Field>
            <Field label="Until" error={errors.quietEnd}>
              {(props) => (
                <Input
                  {...props}
                  type="time"
                  className="dark:[color-scheme:dark]"
                  name="quietEnd"
                  value={form.data.quietEnd}
                  onChange={(event) => form.setData('quietEnd', event.target.value)}
                />
              )}
            </Field>
            <div className="sm:col-span-2">
              <Field
                label="Time zone"
                error={errors.timeZone}
                hint="Leave both times empty for no quiet hours."
              >
                {(props) => (
                  <select
                    {...props}
                    name="timeZone"
                    className="h-9 w-full rounded-md border border-input bg-card px-3 text-sm dark:[color-scheme:dark]"
                    value={form.data.timeZone}
                    onChange={(event) => form.setData('timeZone', event.target.value)}
                  >
                    {zoneList.map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </div>
        </SettingsSection>

        <SettingsSection
          id="email-when-away"
          title="E-mail when away"
          description="Mentions, messages and comments on your posts you have not seen yet, in one summary mail, only once you have been away for a while."
        >
          <div className="grid gap-4">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="emailEnabled"
                className="size-4 accent-primary"
                checked={form.data.emailEnabled}
                onChange={(event) => form.setData('emailEnabled', event.target.checked)}
              />
              Send me summary e-mails
            </label>
            <Field label="After being away for" error={errors.emailAfterMinutes}>
              {(props) => (
                <select
                  {...props}
                  name="emailAfterMinutes"
                  disabled={!form.data.emailEnabled}
                  className="h-9 w-full rounded-md border border-input bg-card px-3 text-sm dark:[color-scheme:dark] disabled:opacity-50 sm:w-60"
                  value={String(form.data.emailAfterMinutes)}
                  onChange={(event) =>
                    form.setData('emailAfterMinutes', Number(event.target.value))
                  }
                >
                  {settings.emailAfterChoices.map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {delayLabel(minutes)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <FieldError
              message={Object.entries(errors).find(([key]) => key.startsWith('grid'))?.[1]}
            />
          </div>
        </SettingsSection>

        {settings.weeklyDigest && (
          <SettingsSection
            id="weekly-digest"
            title="Weekly digest"
            description="Your team sends a weekly e-mail of the past week's most liked and commented posts you can see, on Mondays."
          >
            <div className="grid gap-1">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="digestEnabled"
                  className="size-4 accent-primary"
                  checked={form.data.emailEnabled && form.data.digestEnabled}
                  disabled={!form.data.emailEnabled}
                  aria-describedby={form.data.emailEnabled ? undefined : 'digest-needs-email'}
                  onChange={(event) => form.setData('digestEnabled', event.target.checked)}
                />
                Send me the weekly digest
              </label>
              {!form.data.emailEnabled && (
                <p id="digest-needs-email" className="text-sm text-muted-foreground">
                  Notification e-mails are off: turn on “Send me summary e-mails” to get the digest.
                </p>
              )}
            </div>
          </SettingsSection>
        )}

        <div className="flex justify-end">
          <Button type="submit" disabled={form.processing}>
            <Save className="size-4" aria-hidden />
            {form.processing ? 'Saving…' : 'Save notification settings'}
          </Button>
        </div>
      </form>

      <SettingsSection
        id="mutes"
        title="Muted"
        description="Posts and conversations you muted from their menus: nothing about them reaches you."
      >
        {settings.mutes.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing muted. Use “Mute notifications” in a post’s or a conversation’s menu.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="mutes">
            {settings.mutes.map((mute) => (
              <li
                key={`${mute.targetType}-${mute.targetId}`}
                className="flex items-center gap-3 px-3 py-2 text-sm"
              >
                <BellOff className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate">
                  {mute.url ? (
                    <Link href={mute.url} className="hover:underline">
                      {mute.label}
                    </Link>
                  ) : (
                    mute.label
                  )}
                </span>
                <Button type="button" variant="ghost" size="sm" onClick={() => unmute(mute)}>
                  Unmute<span className="sr-only"> {mute.label}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
    </div>
  )
}
