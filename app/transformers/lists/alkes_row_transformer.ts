import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AlkesLaboratory } from '#enums/master_data'
import { formatRupiah } from '#services/format'
import { serviceFields, type FormattedServices, type ServiceFlags } from '#queries/alkes/services'

const yesNo = (value: boolean) => (value ? 'Ya' : 'Tidak')

/**
 * A row of the device types' register (`alkesList`, spec part 1: Data Alkes): a row of `alkes`
 * with one 0/1 column per service (`offeredColumn`), its flags as booleans and 'Ya'/'Tidak'.
 */
export default class AlkesRowTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const raw = this.resource
    const flag = (value: unknown) => Boolean(Number(value))
    const row = {
      id: Number(raw.id),
      name: raw.name as string,
      laboratory: raw.laboratory as AlkesLaboratory,
      category: raw.category as string | null,
      price: Number(raw.price),
      minute_estimation: Number(raw.minute_estimation),
      alkes_code: raw.alkes_code as string,
      mk_code: raw.mk_code as string | null,
      aspak_code: raw.aspak_code as string | null,
      certificate_number: raw.certificate_number as string | null,
      total_page: raw.total_page === null ? null : Number(raw.total_page),
      recalibration_months: Number(raw.recalibration_months),
      is_tuntung_seharian: flag(raw.is_tuntung_seharian),
      pengujian_is_kan: flag(raw.pengujian_is_kan),
      kalibrasi_is_kan: flag(raw.kalibrasi_is_kan),
      has_laik_description: flag(raw.has_laik_description),
    }
    // Its services: one flag per order type of the registry, read each time.
    const offered = Object.fromEntries(
      serviceFields().flatMap(({ field, formatted }) => [
        [field, flag(raw[field])],
        [formatted, yesNo(flag(raw[field]))],
      ])
    ) as Required<ServiceFlags<boolean>> & FormattedServices
    return {
      ...row,
      ...offered,
      formatted_price: formatRupiah(row.price),
      formatted_is_tuntung_seharian: yesNo(row.is_tuntung_seharian),
      formatted_has_pengujian: yesNo(row.pengujian_is_kan),
      formatted_has_kalibrasi: yesNo(row.kalibrasi_is_kan),
    }
  }
}
