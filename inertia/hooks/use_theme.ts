import { useCallback, useEffect, useState } from 'react'

type Theme = 'light' | 'dark'

const STORAGE_KEY = 'theme'

function current(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

/**
 * The dark-theme choice is kept in local storage; without a stored choice the
 * system preference applies (spec part 1, Layout). The inline script in the
 * root template applies it before the first paint.
 */
export function useTheme() {
  // The root template already applied the theme, so the first render can read it (no SSR here).
  const [theme, setTheme] = useState<Theme>(() =>
    typeof document === 'undefined' ? 'light' : current()
  )

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const follow = (event: MediaQueryListEvent) => {
      if (localStorage.getItem(STORAGE_KEY)) return
      document.documentElement.classList.toggle('dark', event.matches)
      setTheme(event.matches ? 'dark' : 'light')
    }
    media.addEventListener('change', follow)
    return () => media.removeEventListener('change', follow)
  }, [])

  const toggle = useCallback(() => {
    const next: Theme = current() === 'dark' ? 'light' : 'dark'
    document.documentElement.classList.toggle('dark', next === 'dark')
    localStorage.setItem(STORAGE_KEY, next)
    setTheme(next)
  }, [])

  return { theme, toggle }
}
