/** A device line measured with the calibrator, as the impact list shows it. */
export type ImpactRow = {
  id: number
  certificate_number: string | null
  certificate_status: string
  work_date: string | null
  formatted_work_date: string
  fasyankes_id: number
  fasyankes_name: string
  alkes_name: string
  merk: string | null
  model: string | null
  serial_number: string | null
  order_id: number
  order_number: string
  order_type: string
  order_href: string
  is_laik: boolean | null
  formatted_result: string
}
