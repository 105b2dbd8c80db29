import { BaseTransformer } from '@adonisjs/core/transformers'
import type { TimelineText } from '#workflows/kit'
import { formatDateTime, fromDatabase } from '#services/format'

/** How a record's timeline words its entries: the texts by audit action, and what one was about. */
export interface TimelineWording {
  labels: Record<string, TimelineText>
  detail: (change: Record<string, unknown>) => string | null
}

function parsed(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || !text) return {}
  try {
    const value = JSON.parse(text)
    return value && typeof value === 'object' ? value : {}
  } catch {
    return {}
  }
}

/**
 * A row of the audit log as an entry of a record's timeline (orders, loans), in the words of
 * its workflow; `detail` may name what the entry was about (an order's device line).
 */
export default class AuditEntryTransformer extends BaseTransformer<Record<string, any>> {
  constructor(
    resource: Record<string, any>,
    protected wording: TimelineWording
  ) {
    super(resource)
  }

  toObject() {
    const entry = this.resource
    const change = parsed(entry.changes_to)
    const text = this.wording.labels[entry.action]
    return {
      id: Number(entry.id),
      label: typeof text === 'function' ? text(change) : (text ?? (entry.action as string)),
      /** The device line the entry is about: its type and serial number. */
      detail: this.wording.detail(change),
      user_name: entry.user_name as string | null,
      reason: entry.reason as string | null,
      formatted_at: formatDateTime(fromDatabase(entry.created_at)),
    }
  }
}
