import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import type { BatchDefinition } from '#batch/batch_definition'
import { readRows } from '#batch/spreadsheet'
import { audit, type Actor } from '#services/audit'
import { lockChain } from '#services/audit_chain'

export interface RowError {
  row: number
  messages: string[]
}

export type BatchResult =
  { ok: true; created: number; updated: number } | { ok: false; errors: RowError[] }

/**
 * All or nothing: every row is validated first (with the form's rules, plus
 * uniqueness inside the file); one bad row rejects the whole file and nothing
 * changes. Otherwise every row is saved in one transaction, each audited.
 */
export async function runBatch(
  actor: Actor,
  definition: BatchDefinition,
  buffer: Buffer,
  fileName: string
): Promise<BatchResult> {
  const rows = await readRows(buffer, definition.columns)
  const errors: RowError[] = []
  const seen = new Map<string, Map<string, number>>(
    definition.uniqueFields.map((field) => [field, new Map()])
  )
  const valid: { input: unknown; existing: unknown }[] = []

  const client = db.connection()
  for (const row of rows) {
    const messages: string[] = []
    for (const field of definition.uniqueFields) {
      const value = row.values[field]
      if (value === null || value === undefined) continue
      const key = String(value).toLowerCase()
      const first = seen.get(field)!.get(key)
      if (first) {
        const header = definition.columns.find((c) => c.field === field)?.header ?? field
        messages.push(`${header} "${value}" sama dengan baris ${first}.`)
      } else {
        seen.get(field)!.set(key, row.number)
      }
    }
    const keyValue = row.values[definition.keyField]
    const existing = keyValue
      ? await definition.findExisting(String(keyValue), client as any)
      : null
    const prepared = await definition.prepare(row.values, existing)
    messages.push(...prepared.errors)
    const refusal = definition.authorize?.(actor, prepared.values, existing)
    if (refusal) messages.push(refusal)
    try {
      const { validator, meta } = definition.validator(existing)
      const input = await validator.validate(prepared.values, { meta })
      valid.push({ input, existing })
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      const hidden = new Set(definition.derivedFields ?? [])
      for (const issue of error.messages as { field: string; message: string }[]) {
        if (!hidden.has(issue.field)) messages.push(issue.message)
      }
    }
    if (messages.length) errors.push({ row: row.number, messages: [...new Set(messages)] })
  }
  if (errors.length) return { ok: false, errors }

  return db.transaction(async (trx) => {
    // Rows are saved and audited in turn: lock the audit chain before the first write, so this
    // transaction never waits for the chain while holding rows another audited write needs.
    await lockChain(trx)
    let created = 0
    for (const { input, existing } of valid) {
      await definition.save(actor, input, existing, trx)
      if (!existing) created++
    }
    const updated = valid.length - created
    await audit(
      actor,
      {
        action: `${definition.fileName}.batch_update`,
        subjectType: 'batch',
        to: { file: fileName, rows: valid.length, created, updated },
      },
      trx
    )
    return { ok: true as const, created, updated }
  })
}
