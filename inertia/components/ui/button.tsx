import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { Slot } from '~/components/ui/slot'
import { cn, GROUP, unlessSet } from '~/lib/utils'

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:opacity-90',
        destructive: 'bg-destructive text-destructive-foreground hover:opacity-90',
        outline: 'border border-input bg-card hover:bg-muted',
        ghost: 'hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
      },
    },
    defaultVariants: { variant: 'default' },
  }
)

/**
 * Each size's classes, by the group a caller's className may set instead
 * (`size-7` on an icon button, `h-auto px-3` on a tall card's button).
 */
const { height: HEIGHT, width: WIDTH, xPadding: X_PADDING, yPadding: Y_PADDING } = GROUP
const TEXT_SIZE = GROUP.textSize
const ROUNDED = { 'rounded-md': GROUP.rounded }
const SIZES = {
  default: { 'h-9': HEIGHT, 'px-4': X_PADDING, 'py-2': Y_PADDING, 'text-sm': TEXT_SIZE },
  sm: { 'h-8': HEIGHT, 'px-3': X_PADDING, 'text-xs': TEXT_SIZE },
  lg: { 'h-10': HEIGHT, 'px-6': X_PADDING, 'text-sm': TEXT_SIZE },
  icon: { 'h-9': HEIGHT, 'w-9': WIDTH, 'text-sm': TEXT_SIZE },
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean; size?: keyof typeof SIZES }) {
  const Comp = asChild ? Slot : 'button'
  return (
    <Comp
      className={cn(
        buttonVariants({ variant }),
        unlessSet(className, { ...ROUNDED, ...SIZES[size ?? 'default'] }),
        className
      )}
      {...props}
    />
  )
}
