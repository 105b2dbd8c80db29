import vine from '@vinejs/vine'
import { number } from '#validators/rules/number'

const MAX_LINES = 200

/**
 * Requested device lines of either order type: a device type (offered for the service when
 * `service` names its flag), a quantity of 1 to 100, the tariff and a note; at most 200 lines.
 */
export function requestLines(service?: 'is_internal' | 'is_insitu') {
  return vine
    .array(
      vine.object({
        alkes_id: number()
          .withoutDecimals()
          .exists({
            table: 'alkes',
            column: 'id',
            filter: (db) => {
              if (service) db.where(service, true)
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
