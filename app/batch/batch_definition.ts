import type { VineValidator } from '@vinejs/vine'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Permission } from '#enums/permissions'
import type { Actor } from '#services/audit'

export interface BatchColumn {
  header: string
  field: string
  required: boolean
  description: string
  example: string | number
  /** The values the column accepts, offered as a drop-down in the format file. */
  choices?: readonly string[] | (() => Promise<string[]>)
}

/**
 * One master-data list's spreadsheet: its columns (format file and parser),
 * the stable key that matches a row to an existing record, and how a row is
 * prepared, validated (with the same rules as the form) and saved.
 */
export interface BatchDefinition<Existing = any> {
  /** The format file's name: petugas, fasyankes, ... */
  fileName: string
  title: string
  permission: Permission
  columns: BatchColumn[]
  keyField: string
  /** Fields the form has but the file does not (password confirmations): their errors would only repeat others. */
  derivedFields?: string[]
  /** Fields that must be unique across the file as well as in the database. */
  uniqueFields: string[]
  findExisting(key: string, client: TransactionClientContract): Promise<Existing | null>
  /** Turns spreadsheet values (names, Ya/Tidak) into the form's values; returns errors for unknown names. */
  prepare(
    raw: Record<string, unknown>,
    existing: Existing | null
  ): Promise<{ values: Record<string, unknown>; errors: string[] }>
  /** Why this editor may not make this row's change (officers: another account's email or password), or null. */
  authorize?(
    actor: Actor,
    values: Record<string, unknown>,
    existing: Existing | null
  ): string | null
  validator(existing: Existing | null): {
    validator: VineValidator<any, any>
    meta: Record<string, unknown>
  }
  save(
    actor: Actor,
    input: any,
    existing: Existing | null,
    client: TransactionClientContract
  ): Promise<unknown>
}
