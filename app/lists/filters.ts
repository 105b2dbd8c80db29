import vine from '@vinejs/vine'
import { number } from '#validators/rules/number'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'

/** Filter fields shared by the lists. */
export const textFilter = () => vine.string().trim().maxLength(100).optional()
export const numberFilter = () => number().min(0).max(1_000_000_000_000).optional()

/** The spec's Ya / Tidak / Semua filters: '1', '0' or 'ALL' (default). */
export const YES_NO_FILTER = ['ALL', '1', '0'] as const
export const yesNoFilter = () => vine.enum(YES_NO_FILTER).optional()

export function whereYesNo(
  query: DatabaseQueryBuilderContract<any>,
  column: string,
  value?: string
) {
  if (value === '1' || value === '0') query.where(column, value === '1')
}

export function yesNoLabel(value?: string) {
  return value === '1' ? 'Ya' : value === '0' ? 'Tidak' : 'Semua'
}
