import { Search } from 'lucide-react'
import { controlClass } from '~/components/ui/field'
import { cn } from '~/lib/cn'

/** A search box with its magnifier, filling the row it stands in (at least 12 rem wide). */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  /** Read aloud for the box (it has no visible label). */
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  className?: string
}) {
  return (
    <div className={cn('relative min-w-48 flex-1', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
        className={cn(controlClass(), 'pl-9')}
      />
    </div>
  )
}
