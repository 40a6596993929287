import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react'
import { assignRef, Slot } from '~/components/ui/slot'

/**
 * Radix's menu, dialog and tooltip, off the first load (issue 18 §4).
 *
 * They are the heaviest code every page's shell and feed use, and none of
 * it is needed to paint: a menu is only a button until it is opened. So the
 * primitives (primitives.ts) are fetched once the page is idle after its
 * first paint, or as soon as someone points at, focuses or clicks one of
 * their buttons. Until then each trigger is a stand-in: the same element
 * with the same classes, role and ARIA state (collapsed), which asks for
 * the library when hovered or focused and opens its menu or dialog once it
 * has arrived when clicked. When the library arrives, the stand-in is
 * swapped for Radix's trigger, and keeps the keyboard focus if it had it.
 * Dialogs opened by state render nothing until the library is there (a
 * few milliseconds after a click at most, since it is fetched at idle).
 */
export type Primitives = typeof import('./primitives')

let primitives: Primitives | null = null
let loading: Promise<Primitives> | null = null
let idleScheduled = false
const listeners = new Set<() => void>()

/** What goes with the primitives (withPrimitives): fetched with them. */
const companions: (() => Promise<unknown>)[] = []

/** Fetches the primitives and their companions (once; again after a failed fetch). */
export function loadPrimitives(): Promise<Primitives> {
  loading ??= Promise.all([import('./primitives'), ...companions.map((load) => load())]).then(
    ([module]) => {
      primitives = module
      for (const listener of listeners) listener()
      return module
    }
  )
  loading.catch(() => {
    loading = null
  })
  return loading
}

function scheduleIdleLoad() {
  if (idleScheduled || primitives) return
  idleScheduled = true
  const load = () => void loadPrimitives().catch(() => (idleScheduled = false))
  if (window.requestIdleCallback) window.requestIdleCallback(load, { timeout: 2000 })
  else window.setTimeout(load, 200)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The primitives once loaded, else null (and their fetch is scheduled). */
export function usePrimitives(): Primitives | null {
  const value = useSyncExternalStore(
    subscribe,
    () => primitives,
    () => null
  )
  useEffect(() => {
    if (!value) scheduleIdleLoad()
  }, [value])
  return value
}

/**
 * A component drawn only inside what the primitives open (a menu's items,
 * a dialog's body), taken off the first load with them: fetched together
 * with the primitives, so that a menu opens with its items, never empty.
 * Before, it draws nothing (a closed menu draws nothing either).
 */
export function withPrimitives<P extends object>(load: () => Promise<ComponentType<P>>) {
  let component: ComponentType<P> | null = null
  let pending: Promise<unknown> | null = null
  const fetch = () =>
    (pending ??= load().then(
      (loaded) => {
        component = loaded
        for (const listener of listeners) listener()
      },
      (error) => {
        pending = null
        throw error
      }
    ))
  companions.push(fetch)
  // Registered after the primitives were asked for (a chunk loaded later).
  if (loading) void fetch().catch(() => {})
  return function WithPrimitives(props: P) {
    const Loaded = useSyncExternalStore(
      subscribe,
      () => component,
      () => null
    )
    // Drawn before any menu asked for the primitives: ask now (at idle).
    useEffect(() => {
      if (!Loaded) scheduleIdleLoad()
    }, [Loaded])
    return Loaded ? <Loaded {...props} /> : null
  }
}

// ------------------------------------------------------------ roots

type DeferredRoot = {
  /** The stand-in trigger had the focus when it was swapped out. */
  markFocused: () => void
  /** Whether the swapped-in trigger should take the focus (asked once). */
  takeFocus: () => boolean
  /** A click on the stand-in: open once the library is there. */
  requestOpen: () => void
}

const RootContext = createContext<DeferredRoot | null>(null)

type RootProps = {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  children?: ReactNode
}

/**
 * A menu's or dialog's root: Radix's `Root` once loaded (controlled here,
 * so a click on the stand-in can open it), its children (the stand-in
 * trigger) before.
 */
export function DeferredRoot<P extends RootProps>({
  pick,
  open,
  defaultOpen,
  onOpenChange,
  children,
  ...props
}: P & { pick: (loaded: Primitives) => ComponentType<P> }) {
  const loaded = usePrimitives()
  const [innerOpen, setInnerOpen] = useState(defaultOpen ?? false)
  const onOpenChangeRef = useRef(onOpenChange)
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange
  })
  const hadFocus = useRef(false)
  const setOpen = useCallback((next: boolean) => {
    setInnerOpen(next)
    onOpenChangeRef.current?.(next)
  }, [])
  const context = useMemo<DeferredRoot>(
    () => ({
      markFocused: () => {
        hadFocus.current = true
      },
      takeFocus: () => {
        const had = hadFocus.current
        hadFocus.current = false
        return had
      },
      requestOpen: () => {
        // The opened menu or dialog takes the focus itself.
        hadFocus.current = false
        void loadPrimitives().then(() => setOpen(true))
      },
    }),
    [setOpen]
  )
  const opened = open ?? innerOpen
  // A dialog opened by state before the library is there: fetch it now.
  useEffect(() => {
    if (opened && !loaded) void loadPrimitives()
  }, [opened, loaded])

  // A component from the loaded module (stable: the module is loaded once).
  const Root = loaded ? pick(loaded) : null
  return (
    <RootContext.Provider value={context}>
      {Root ? (
        // eslint-disable-next-line react-hooks/static-components -- from the module, loaded once
        <Root {...(props as unknown as P)} open={opened} onOpenChange={setOpen}>
          {children}
        </Root>
      ) : (
        children
      )}
    </RootContext.Provider>
  )
}

// ------------------------------------------------------------ triggers

type TriggerProps = ComponentProps<'button'> & { asChild?: boolean }

/**
 * A trigger: Radix's once loaded; before, a stand-in with the same look and
 * ARIA state (`popup`: what it opens) that fetches the library on hover or
 * focus, and opens once it is there on click.
 */
export function DeferredTrigger({
  pick,
  popup,
  ref,
  ...props
}: TriggerProps & {
  pick: (loaded: Primitives) => ComponentType<TriggerProps>
  popup?: 'menu' | 'dialog'
}) {
  const loaded = usePrimitives()
  const root = useContext(RootContext)
  const own = useRef<HTMLButtonElement | null>(null)
  const setRef = useCallback(
    (node: HTMLButtonElement | null) => {
      own.current = node
      assignRef(ref, node)
    },
    [ref]
  )
  // Swapped in while the stand-in had the focus: keep it.
  useEffect(() => {
    if (loaded && root?.takeFocus()) own.current?.focus()
  }, [loaded, root])

  if (loaded) {
    const Trigger = pick(loaded)
    // eslint-disable-next-line react-hooks/static-components -- from the module, loaded once
    return <Trigger {...props} ref={setRef} />
  }
  return <StandIn {...props} popup={popup} root={root} standInRef={setRef} own={own} />
}

function StandIn({
  asChild,
  popup,
  root,
  standInRef,
  own,
  onClick,
  onFocus,
  onPointerEnter,
  ...props
}: TriggerProps & {
  popup?: 'menu' | 'dialog'
  root: DeferredRoot | null
  standInRef: (node: HTMLButtonElement | null) => void
  own: RefObject<HTMLButtonElement | null>
}) {
  // Runs before the stand-in leaves the document: is the focus on it?
  useLayoutEffect(
    () => () => {
      const node = own.current
      if (root && node && node.contains(document.activeElement)) root.markFocused()
    },
    [own, root]
  )
  const Comp = asChild ? Slot : 'button'
  const aria = popup
    ? { 'aria-haspopup': popup, 'aria-expanded': false, 'data-state': 'closed' }
    : {}
  return (
    <Comp
      type={asChild ? undefined : 'button'}
      {...aria}
      {...props}
      ref={standInRef}
      onPointerEnter={(event) => {
        onPointerEnter?.(event)
        void loadPrimitives().catch(() => null)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        void loadPrimitives().catch(() => null)
      }}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented && popup) root?.requestOpen()
      }}
    />
  )
}

/** A part that only exists once loaded (content, title, close button). */
export function useLoadedPart<T>(pick: (loaded: Primitives) => T): T | null {
  const loaded = usePrimitives()
  return loaded ? pick(loaded) : null
}
