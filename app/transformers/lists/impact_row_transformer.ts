import { BaseTransformer } from '@adonisjs/core/transformers'
import { ORDER_TYPE_INFO } from '#workflows/order_types'
import { formatDate, isoDate } from '#services/format'

/**
 * A device line measured with the calibrator, as the impact list shows it (`impactList`): an
 * `order_device_standards` row with its line, order, facility, device type and certificate.
 */
export default class ImpactRowTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const raw = this.resource
    const workDate = isoDate(raw.work_date)
    const laik =
      raw.is_laik === null || raw.is_laik === undefined ? null : Boolean(Number(raw.is_laik))
    const type = raw.order_type as keyof typeof ORDER_TYPE_INFO
    return {
      id: Number(raw.id),
      certificate_number: (raw.current_certificate_number ??
        raw.line_certificate_number ??
        null) as string | null,
      certificate_status: raw.certificate_status as string,
      work_date: workDate,
      formatted_work_date: formatDate(workDate),
      fasyankes_id: Number(raw.fasyankes_id),
      fasyankes_name: raw.fasyankes_name as string,
      alkes_name: raw.alkes_name as string,
      merk: (raw.merk ?? null) as string | null,
      model: (raw.model ?? null) as string | null,
      serial_number: (raw.serial_number ?? null) as string | null,
      order_id: Number(raw.order_id),
      order_number: raw.order_number as string,
      order_type: raw.order_type as string,
      order_href: ORDER_TYPE_INFO[type].detailPath({ id: Number(raw.order_id) }),
      is_laik: laik,
      formatted_result: laik === null ? '-' : laik ? 'LAIK' : 'TIDAK LAIK',
    }
  }
}
