import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { SearchBox } from '~/components/admin/search_box'
import { FilterSelect } from '~/components/admin/team_post_row'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'

/** One filter of an admin list: a choice, or a range of days (both bounds included). */
export type FilterField =
  | {
      type: 'select'
      name: string
      label: string
      /** The option meaning "no filter" has the value '' or 'all'. */
      options: readonly { value: string; label: string }[]
    }
  | { type: 'dates'; from: string; to: string; fromLabel: string; toLabel: string }

/** The filters as query parameters: unset ones ('' or 'all') left out. */
export function filterParams(values: Record<string, string>) {
  const params: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(values)) {
    const trimmed = value.trim()
    params[name] = trimmed && trimmed !== 'all' ? trimmed : undefined
  }
  return params
}

/**
 * The filter bar above an admin list (Admin posts, Team posts, Audit log):
 * choices and day ranges that reload the list as soon as they change,
 * a debounced search field, and "Clear filters" once any is set. The
 * filters live in the URL, so the pager and a reload keep them.
 */
export function FilterBar({
  url,
  values,
  fields,
  search,
  label,
}: {
  url: string
  /** Every filter's current value, the search's included. */
  values: Record<string, string>
  fields: readonly FilterField[]
  search: { name: string; label: string; placeholder: string }
  /** The bar's accessible name. */
  label: string
}) {
  const params = filterParams(values)
  const filtered = Object.values(params).some((value) => value !== undefined)
  const set = (name: string, value: string) =>
    router.get(
      url,
      { ...params, [name]: value === 'all' || value === '' ? undefined : value },
      { preserveState: true, preserveScroll: true, replace: true }
    )
  const others = { ...params, [search.name]: undefined }

  return (
    <div
      role="group"
      aria-label={label}
      className="grid gap-3 lg:flex lg:items-end lg:justify-between"
    >
      <div className="flex flex-wrap items-end gap-3">
        {fields.map((field) =>
          field.type === 'select' ? (
            <FilterSelect
              key={field.name}
              id={`filter-${field.name}`}
              label={field.label}
              value={values[field.name] ?? ''}
              options={field.options}
              onChange={(value) => set(field.name, value)}
            />
          ) : (
            <DateRange key={field.from} field={field} values={values} onChange={set} />
          )
        )}
        {filtered && (
          <Button variant="ghost" size="sm" asChild>
            <Link href={url}>Clear filters</Link>
          </Button>
        )}
      </div>
      <SearchBox
        url={url}
        name={search.name}
        value={values[search.name] ?? ''}
        params={others}
        label={search.label}
        placeholder={search.placeholder}
      />
    </div>
  )
}

function DateRange({
  field,
  values,
  onChange,
}: {
  field: Extract<FilterField, { type: 'dates' }>
  values: Record<string, string>
  onChange: (name: string, value: string) => void
}) {
  const from = values[field.from] ?? ''
  const to = values[field.to] ?? ''
  // Each bound limits the other: the range can never be empty.
  const bounds = [
    { name: field.from, label: field.fromLabel, value: from, min: undefined, max: to },
    { name: field.to, label: field.toLabel, value: to, min: from, max: undefined },
  ]
  return (
    <>
      {bounds.map((bound) => (
        <div key={bound.name} className="grid gap-1">
          <label
            htmlFor={`filter-${bound.name}`}
            className="text-xs font-medium text-muted-foreground"
          >
            {bound.label}
          </label>
          <Input
            id={`filter-${bound.name}`}
            type="date"
            className="h-9 w-40"
            value={bound.value}
            min={bound.min || undefined}
            max={bound.max || undefined}
            onChange={(e) => onChange(bound.name, e.target.value)}
          />
        </div>
      ))}
    </>
  )
}
