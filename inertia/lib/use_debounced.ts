import { useEffect, useState } from 'react'

/** The value once it has stopped changing for `delay` ms (typing in a search box). */
export function useDebounced<T>(value: T, delay: number) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}
