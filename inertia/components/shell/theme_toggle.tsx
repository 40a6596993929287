import { useState } from 'react'
import { Moon, Sun } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Tooltip, TooltipContent, TooltipTrigger } from '~/components/ui/tooltip'

/**
 * Light / dark switch, remembered in localStorage (the layout applies it
 * before first paint to avoid a flash, so the class on <html> is the truth).
 */
export function ThemeToggle() {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'))

  function toggle() {
    const next = !dark
    document.documentElement.classList.toggle('dark', next)
    try {
      localStorage.setItem('huddle-theme', next ? 'dark' : 'light')
    } catch {
      // Storage can be unavailable (private mode); the switch still works for this page.
    }
    setDark(next)
  }

  const label = dark ? 'Switch to light mode' : 'Switch to dark mode'
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          onClick={toggle}
          aria-label={label}
          data-testid="theme-toggle"
        >
          {dark ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  )
}
