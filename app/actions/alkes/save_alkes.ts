import type { Infer } from '@vinejs/vine/types'
import type { alkesValidator } from '#validators/master_data'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Alkes from '#models/alkes'
import { saveAudited, type Actor } from '#services/audit'
import { servicesOfOne } from '#queries/alkes/services'
import { deviceServices, serviceFlagsOf } from '#workflows/order_types'

/** What the form (and the batch file) sends, as the validator reads it. */
export type AlkesInput = Infer<typeof alkesValidator>

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
    pengujianIsKan: alkes.pengujianIsKan,
    kalibrasiIsKan: alkes.kalibrasiIsKan,
    hasLaikDescription: alkes.hasLaikDescription,
  }
}

/** The services the input offers the device type for: one flag per order type (`is_internal`…). */
function offeredServices(input: AlkesInput) {
  const flags = input as unknown as Record<string, boolean | undefined>
  return deviceServices()
    .filter(({ field }) => flags[field] === true)
    .map(({ type }) => type)
}

/**
 * Creates a device type, or updates the given one, with the services it is offered for
 * (`alkes_services`); audited with what changed.
 */
export function saveAlkes(
  actor: Actor,
  input: AlkesInput,
  existing?: Alkes | null,
  trx?: TransactionClientContract
) {
  const services = offeredServices(input)
  return saveAudited(
    actor,
    'alkes',
    {
      existing,
      create: () => new Alkes(),
      values: attributes(input),
      snapshot,
      owned: {
        read: async (client, alkes) => serviceFlagsOf(await servicesOfOne(alkes.id, client)),
        // Recorded in the audit log as each order type's flag, yes or no.
        values: serviceFlagsOf(services),
        write: async (client, alkes) => {
          await client.from('alkes_services').where('alkes_id', alkes.id).delete()
          if (services.length) {
            await client
              .table('alkes_services')
              .multiInsert(services.map((type) => ({ alkes_id: alkes.id, order_type: type })))
          }
        },
      },
    },
    trx
  )
}
