import db from '@adonisjs/lucid/services/db'
import type { TimelineText } from '#workflows/kit'
import { formatDateTime, fromDatabase } from '#services/format'

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
 * A record's history from the audit log, oldest first, in the words of its workflow
 * (`labels`: the timeline texts by audit action). `detail` may name what an entry was about.
 */
export async function auditTimeline(
  subject: { type: string; id: number },
  labels: Record<string, TimelineText>,
  detail: (change: Record<string, unknown>) => string | null = () => null
) {
  const rows = await db
    .from('audit_logs')
    .where('subject_type', subject.type)
    .where('subject_id', String(subject.id))
    .orderBy('id')
    .select('id', 'action', 'user_name', 'reason', 'changes_to', 'created_at')
  return rows.map((entry) => {
    const change = parsed(entry.changes_to)
    const text = labels[entry.action]
    return {
      id: Number(entry.id),
      label: typeof text === 'function' ? text(change) : (text ?? entry.action),
      detail: detail(change),
      user_name: entry.user_name as string | null,
      reason: entry.reason as string | null,
      formatted_at: formatDateTime(fromDatabase(entry.created_at)),
    }
  })
}
