import { useState } from 'react'
import { Link, router } from '@inertiajs/react'
import { Button, buttonClass } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'
import type { PageAction } from '~/types'

/**
 * The actions the server says this user may take now, as buttons or links.
 * A DELETE or PUT asks for confirmation in a dialog first; an action that cannot succeed yet is
 * a disabled button with the server's reason beside it.
 */
export function ActionButtons({
  actions,
  compact = false,
}: {
  actions: PageAction[]
  compact?: boolean
}) {
  const [pending, setPending] = useState<PageAction | null>(null)
  const className = (action: PageAction) =>
    compact
      ? action.variant === 'danger'
        ? 'text-sm text-red-600 hover:underline'
        : 'text-sm text-brand-700 hover:underline dark:text-brand-100'
      : buttonClass(action.variant)
  return (
    <>
      {actions.map((action) =>
        action.disabledReason ? (
          <span key={action.key} className="inline-flex flex-wrap items-center gap-2">
            <Button variant={action.variant} disabled aria-describedby={`${action.key}-blocked`}>
              {action.label}
            </Button>
            <span
              id={`${action.key}-blocked`}
              className="text-xs text-amber-700 dark:text-amber-300"
            >
              {action.disabledReason}
            </span>
          </span>
        ) : action.method !== 'get' ? (
          compact ? (
            <button
              key={action.key}
              type="button"
              className={className(action)}
              onClick={() => setPending(action)}
            >
              {action.label}
            </button>
          ) : (
            <Button key={action.key} variant={action.variant} onClick={() => setPending(action)}>
              {action.label}
            </Button>
          )
        ) : action.newTab ? (
          <a
            key={action.key}
            href={action.href}
            target="_blank"
            rel="noopener noreferrer"
            className={className(action)}
          >
            {action.label}
          </a>
        ) : (
          <Link key={action.key} href={action.href} className={className(action)}>
            {action.label}
          </Link>
        )
      )}
      <ConfirmDialog
        open={pending !== null}
        message={pending?.confirm ?? ''}
        confirmLabel={pending?.method === 'delete' ? 'Ya, hapus' : 'Ya, lanjutkan'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) router.visit(pending.href, { method: pending.method, preserveScroll: true })
          setPending(null)
        }}
      />
    </>
  )
}
