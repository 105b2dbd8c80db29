import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Workflow } from '#workflows/kit'
import type { InternalStatus } from '#workflows/internal_order_workflow'
import type { InsituStatus } from '#workflows/insitu_order_workflow'
import { BILLING_STATES, billingLabel, billingStateOf } from '#enums/billing_states'
import {
  dateFromDatabase,
  formatDate,
  formatDateTime,
  formatRupiah,
  fromDatabase,
} from '#services/format'

/** The order's billing state, its label and its badge's tone. */
function billingOf(raw: Record<string, any>) {
  const state = billingStateOf(raw.billing_state)
  return {
    billing_state: state,
    formatted_billing_state: billingLabel(state, Number(raw.invoice_stage ?? 0)),
    billing_tone: BILLING_STATES[state].tone,
  }
}

/**
 * A row of an order list (a row of `orderListQuery`, app/queries/orders/order_list_kit.ts, with
 * its type's columns): the part every order has (`toObject`), and with it each type's own
 * (`forInternal`, `forInsitu`), as the list, its JSON and its exports show it.
 */
export default class OrderRowTransformer extends BaseTransformer<Record<string, any>> {
  constructor(
    resource: Record<string, any>,
    /** The order type's workflow: the tone of the status's badge. */
    protected workflow: Pick<Workflow<any, any, any, any>, 'tone'>
  ) {
    super(resource)
  }

  /** The part of a list row every order has. */
  toObject() {
    const raw = this.resource
    const total = Number(raw.total_price ?? 0)
    const created = fromDatabase(raw.created_at)
    return {
      id: Number(raw.id),
      number: raw.number as string,
      status: raw.status as string,
      status_tone: this.workflow.tone(raw.status),
      formatted_status: raw.status as string,
      fasyankes: {
        id: Number(raw.fasyankes_id),
        fasyankes_name: raw.fasyankes_name as string,
        address: raw.address as string | null,
        city: raw.city_name as string | null,
        province: raw.province_name as string | null,
      },
      created_at: created?.toISO() ?? null,
      formatted_created_at: formatDateTime(created),
      device_count: Number(raw.device_count ?? 0),
      total_price: total,
      formatted_total_price: formatRupiah(total),
      // The treasurer's column and expanded row (spec part 2 section 6).
      invoice_index: Number(raw.invoice_stage ?? 0),
      formatted_invoice_dates: [raw.invoice_date_1, raw.invoice_date_2, raw.invoice_date_3].map(
        (date) => formatDate(dateFromDatabase(date))
      ),
      formatted_payment_confirm_date: raw.payment_confirm_date
        ? formatDate(dateFromDatabase(raw.payment_confirm_date))
        : null,
      // Every viewer's billing state (issue 35, point 3).
      ...billingOf(raw),
    }
  }

  /** A row of the Alat Datang list (`internalOrderList`). */
  forInternal() {
    const raw = this.resource
    return {
      ...this.toObject(),
      // The same status, typed as one of the type's (its key keeps its place).
      status: raw.status as InternalStatus,
      service_type: raw.service_type as string,
      delivery_option: raw.delivery_option as string,
      delivery_date_estimation: String(dateFromDatabase(raw.delivery_date_estimation)).slice(0, 10),
      formatted_delivery_date_estimation: formatDate(
        dateFromDatabase(raw.delivery_date_estimation)
      ),
      formatted_arrival_date_estimation: formatDate(dateFromDatabase(raw.arrival_date_estimation)),
      formatted_estimated_completion_at: formatDateTime(fromDatabase(raw.estimated_completion_at)),
      contact_person_name: raw.contact_person_name as string,
      contact_person_phone: raw.contact_person_phone as string,
    }
  }

  /** A row of the Insitu list (`insituOrderList`). */
  forInsitu() {
    const raw = this.resource
    return {
      ...this.toObject(),
      // The same status, typed as one of the type's (its key keeps its place).
      status: raw.status as InsituStatus,
      execution_year: Number(raw.execution_year),
      letter_number: raw.letter_number as string,
      formatted_letter_date: formatDate(dateFromDatabase(raw.letter_date)),
      contract_number: (raw.contract_number as string | null) ?? null,
    }
  }
}
