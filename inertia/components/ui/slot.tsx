import {
  cloneElement,
  Fragment,
  isValidElement,
  useCallback,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react'

/** Sets a ref, a function or an object, to a node. */
export function assignRef<T>(ref: Ref<T> | undefined, node: T) {
  if (typeof ref === 'function') ref(node)
  else if (ref) (ref as RefObject<T>).current = node
}

type Props = Record<string, unknown>
type Handler = (...args: unknown[]) => unknown

/**
 * `asChild` (a Button drawn as a link, a trigger on the caller's own
 * element): renders its only child with the slot's props merged in, as
 * Radix's Slot does (replaced, issue 18 §4: it was the last piece of Radix
 * every page loaded). The child's props win, except: when both have an
 * event handler both run (the child's first), the styles are merged, the
 * class names and `aria-describedby` ids are joined, and both refs get the
 * node.
 */
export function Slot({
  children,
  ref,
  ...slot
}: HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> }) {
  const child = isValidElement<Props>(children) ? children : null
  const childRef = child?.props.ref as Ref<HTMLElement> | undefined
  const composed = useCallback(
    (node: HTMLElement | null) => {
      assignRef(ref, node)
      assignRef(childRef, node)
    },
    [ref, childRef]
  )
  if (!child) {
    if (children || children === 0) throw new Error('Slot: expected one element child')
    return children
  }
  const merged: Props = { ...slot }
  for (const [name, own] of Object.entries(child.props)) {
    const theirs = (slot as Props)[name]
    if (/^on[A-Z]/.test(name)) {
      merged[name] =
        theirs && own
          ? (...args: unknown[]) => {
              const result = (own as Handler)(...args)
              ;(theirs as Handler)(...args)
              return result
            }
          : (own ?? theirs)
    } else if (name === 'style') {
      merged[name] = { ...(theirs as object), ...(own as object) }
    } else if (name === 'className') {
      merged[name] = [theirs, own].filter(Boolean).join(' ')
    } else if (name === 'aria-describedby') {
      const ids = new Set(
        [own, theirs].flatMap((value) =>
          typeof value === 'string' ? value.trim().split(/\s+/) : []
        )
      )
      ids.delete('')
      merged[name] = ids.size > 0 ? [...ids].join(' ') : undefined
    } else {
      merged[name] = own
    }
  }
  if (child.type !== Fragment) merged.ref = ref ? composed : childRef
  // eslint-disable-next-line react-hooks/refs -- the refs are passed on, never read
  return cloneElement(child, merged)
}
