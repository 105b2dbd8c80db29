import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Alkes from '#models/alkes'
import type { AlkesLaboratory } from '#enums/master_data'
import { saveAudited, type Actor } from '#services/audit'

export interface AlkesInput {
  name: string
  laboratory: AlkesLaboratory
  category?: string | null
  price: number
  minute_estimation: number
  alkes_code: string
  mk_code?: string | null
  aspak_code?: string | null
  certificate_number?: string | null
  total_page?: number | null
  recalibration_months: number
  is_tuntung_seharian: boolean
  is_internal: boolean
  is_insitu: boolean
  pengujian_is_kan: boolean
  kalibrasi_is_kan: boolean
  has_laik_description: boolean
}

function attributes(input: AlkesInput) {
  return {
    name: input.name,
    laboratory: input.laboratory,
    // A category only means something for UKPR devices.
    category: input.laboratory === 'UKPR' ? (input.category ?? null) : null,
    price: input.price,
    minuteEstimation: input.minute_estimation,
    alkesCode: input.alkes_code,
    mkCode: input.mk_code ?? null,
    aspakCode: input.aspak_code ?? null,
    certificateNumber: input.certificate_number ?? null,
    totalPage: input.total_page ?? null,
    recalibrationMonths: input.recalibration_months,
    isTuntungSeharian: input.is_tuntung_seharian,
    isInternal: input.is_internal,
    isInsitu: input.is_insitu,
    pengujianIsKan: input.pengujian_is_kan,
    kalibrasiIsKan: input.kalibrasi_is_kan,
    hasLaikDescription: input.has_laik_description,
  }
}

type Attributes = ReturnType<typeof attributes>

function snapshot(alkes: Alkes): Attributes {
  return {
    name: alkes.name,
    laboratory: alkes.laboratory,
    category: alkes.category,
    price: alkes.price,
    minuteEstimation: alkes.minuteEstimation,
    alkesCode: alkes.alkesCode,
    mkCode: alkes.mkCode,
    aspakCode: alkes.aspakCode,
    certificateNumber: alkes.certificateNumber,
    totalPage: alkes.totalPage,
    recalibrationMonths: alkes.recalibrationMonths,
    isTuntungSeharian: alkes.isTuntungSeharian,
    isInternal: alkes.isInternal,
    isInsitu: alkes.isInsitu,
    pengujianIsKan: alkes.pengujianIsKan,
    kalibrasiIsKan: alkes.kalibrasiIsKan,
    hasLaikDescription: alkes.hasLaikDescription,
  }
}

/** Creates a device type, or updates the given one; audited with what changed. */
export function saveAlkes(
  actor: Actor,
  input: AlkesInput,
  existing?: Alkes | null,
  trx?: TransactionClientContract
) {
  return saveAudited(
    actor,
    'alkes',
    { existing, create: () => new Alkes(), values: attributes(input), snapshot },
    trx
  )
}
