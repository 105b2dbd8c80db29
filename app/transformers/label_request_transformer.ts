import { BaseTransformer } from '@adonisjs/core/transformers'
import type { LabelStatus } from '#models/label_request'
import { formatDateTime, fromDatabase } from '#services/format'

/** Spec part 2: label item types. */
export const LABEL_TYPES = ['Main', 'Additional'] as const
export type LabelType = (typeof LABEL_TYPES)[number]

/** An order's label request as read: its row (none before it is made), the catalog, its items. */
export type LabelRequestFacts = {
  request: Record<string, any> | undefined
  catalog: { id: number; name: string }[]
  items: Record<string, any>[]
}

/**
 * An order's label request as its page and actions read it: every label of the catalog once
 * per type with the quantity requested (0 when none) and returned, the notes and the state.
 */
export default class LabelRequestTransformer extends BaseTransformer<LabelRequestFacts> {
  private lines(type: LabelType) {
    const { catalog, items } = this.resource
    return catalog.map((label) => {
      const item = items.find((row) => row.label_id === label.id && row.type === type)
      return {
        /** The request item, once requested. */
        id: (item?.id as number | undefined) ?? null,
        label_id: label.id,
        label_name: label.name,
        type,
        quantity: Number(item?.quantity ?? 0),
        returned_quantity: (item?.returned_quantity as number | null | undefined) ?? null,
      }
    })
  }

  toObject() {
    const { request } = this.resource
    return {
      id: (request?.id as number | undefined) ?? null,
      status: (request?.status as LabelStatus | undefined) ?? 'Pending',
      notes: (request?.notes as string | null) ?? null,
      additional_notes: (request?.additional_notes as string | null) ?? null,
      main: this.lines('Main'),
      additional: this.lines('Additional'),
      formatted_handed_over_at: request?.handed_over_at
        ? formatDateTime(fromDatabase(request.handed_over_at))
        : null,
      formatted_finished_at: request?.finished_at
        ? formatDateTime(fromDatabase(request.finished_at))
        : null,
    }
  }
}
