import db from '@adonisjs/lucid/services/db'
import type { TimelineText } from '#workflows/kit'
import AuditEntryTransformer from '#transformers/audit_entry_transformer'

/** An entry of a record's timeline (`AuditEntryTransformer`). */
export type TimelineEntry = ReturnType<AuditEntryTransformer['toObject']>

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
  return rows.map((entry) => new AuditEntryTransformer(entry, { labels, detail }).toObject())
}
