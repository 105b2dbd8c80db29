import type { ServiceLab } from '#enums/labs'
import type { PageAction } from '#workflows/kit'
import type { DetailDeviceLine } from '#transformers/order_device_transformer'
import type { TimelineEntry } from '#transformers/internal_order_transformer'

/** Interfaces flattened to plain object types (page props must be index-signature friendly). */
type Plain<T> = { [K in keyof T]: T[K] }

/** What the detail page of an on-site order shows. */
export type InsituOrderDetail = {
  id: number
  number: string
  status: string
  status_tone: string
  execution_year: number
  letter_number: string
  formatted_letter_date: string
  letter_href: string | null
  formatted_created_at: string
  fasyankes: { id: number; fasyankes_name: string; address: string | null }
  signature: { name: string | null; nip: string | null; position: string | null } | null
  contract_number: string | null
  formatted_contract_date: string | null
  cancel_reason: string | null
  finalization_notes: string | null
  folder_link: string | null
  device_count: number
  formatted_total_price: string
  labs: {
    lab: ServiceLab
    label: string
    devices: Plain<DetailDeviceLine>[]
    final_estimation: number | null
    total_officer: number | null
  }[]
  buttons: PageAction[]
  timeline: Plain<TimelineEntry>[]
}
