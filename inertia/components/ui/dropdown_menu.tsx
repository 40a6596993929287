import type { DropdownMenu as MenuPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn, GROUP, unlessSet } from '~/lib/utils'
import {
  DeferredRoot,
  DeferredTrigger,
  useLoadedPart,
  type Primitives,
} from '~/components/ui/deferred'

/**
 * Menu button (Radix: arrow keys, type-ahead, Escape, focus management),
 * Radix itself fetched after the first paint (components/ui/deferred.tsx):
 * until then the trigger is a plain button that opens the menu on click
 * once the library has arrived.
 */
const pickMenu = (loaded: Primitives) => loaded.DropdownMenu
const pickRoot = (loaded: Primitives) => loaded.DropdownMenu.Root
const pickTrigger = (loaded: Primitives) => loaded.DropdownMenu.Trigger

export function DropdownMenu(props: ComponentProps<typeof MenuPrimitive.Root>) {
  return <DeferredRoot {...props} pick={pickRoot} />
}

export function DropdownMenuTrigger(props: ComponentProps<typeof MenuPrimitive.Trigger>) {
  return <DeferredTrigger {...props} pick={pickTrigger} popup="menu" />
}

export function DropdownMenuGroup(props: ComponentProps<typeof MenuPrimitive.Group>) {
  const Menu = useLoadedPart(pickMenu)
  return Menu ? <Menu.Group {...props} /> : null
}

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  const Menu = useLoadedPart(pickMenu)
  if (!Menu) return null
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-56 overflow-hidden rounded-lg border bg-card text-card-foreground shadow-lg data-[state=open]:animate-fade-in',
          unlessSet(className, { 'p-1': /^p-/ }),
          className
        )}
        {...props}
      />
    </Menu.Portal>
  )
}

export function DropdownMenuItem({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { variant?: 'default' | 'destructive' }) {
  const Menu = useLoadedPart(pickMenu)
  if (!Menu) return null
  return (
    <Menu.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:shrink-0',
        unlessSet(className, {
          'rounded-md': GROUP.rounded,
          'px-2': GROUP.xPadding,
          'py-1.5': GROUP.yPadding,
          'text-sm': GROUP.textSize,
        }),
        variant === 'destructive' && 'text-destructive',
        className
      )}
      {...props}
    />
  )
}

export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Label>) {
  const Menu = useLoadedPart(pickMenu)
  if (!Menu) return null
  return (
    <Menu.Label
      className={cn(
        unlessSet(className, {
          'px-2': GROUP.xPadding,
          'py-1.5': GROUP.yPadding,
          'text-sm': GROUP.textSize,
        }),
        className
      )}
      {...props}
    />
  )
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  const Menu = useLoadedPart(pickMenu)
  if (!Menu) return null
  return (
    <Menu.Separator
      className={cn(
        'h-px bg-border',
        unlessSet(className, { '-mx-1': GROUP.xMargin, 'my-1': GROUP.yMargin }),
        className
      )}
      {...props}
    />
  )
}
