import vine from '@vinejs/vine'
import type { OrderType } from '#enums/order_types'
import { number } from '#validators/rules/number'

const MAX_LINES = 200

/**
 * Requested device lines of any order type: a device type (offered for the service when
 * `service` names its order type), a quantity of 1 to 100, the tariff and a note; at most 200
 * lines.
 */
export function requestLines(service?: OrderType) {
  return vine
    .array(
      vine.object({
        alkes_id: number()
          .withoutDecimals()
          .exists({
            table: 'alkes',
            column: 'id',
            filter: (db) => {
              if (service) {
                db.whereIn('id', (offered) =>
                  offered.from('alkes_services').where('order_type', service).select('alkes_id')
                )
              }
            },
          }),
        quantity: number().withoutDecimals().range([1, 100]),
        price: number().optional(),
        description: vine.string().trim().maxLength(500).optional(),
        minute_estimation: number().optional(),
      })
    )
    .maxLength(MAX_LINES)
}
