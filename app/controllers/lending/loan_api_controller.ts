import type { HttpContext } from '@adonisjs/core/http'
import { isOrderType } from '#workflows/order_types'
import { errors as vineErrors } from '@vinejs/vine'
import { signedInActor } from '#services/audit'
import { formatDateTime, fromDatabase } from '#services/format'
import { lookUpSerial } from '#queries/lending/lendable'
import { linkableOrders } from '#queries/lending/loan_form'
import { returnBySerial } from '#actions/lending/return_loan'
import { loanReturnValidator } from '#validators/lending'
import { loanOf } from '#controllers/lending/loans_controller'

/** A validation error as the loan screens read it: `errors.{field}[]` and the first message. */
function fieldErrorsJson(error: InstanceType<typeof vineErrors.E_VALIDATION_ERROR>) {
  const errors: Record<string, string[]> = {}
  for (const { field, message } of error.messages as { field: string; message: string }[]) {
    errors[field] = [...(errors[field] ?? []), message]
  }
  const first = Object.values(errors)[0]?.[0]
  return { success: false, message: first ?? 'Terjadi kesalahan validasi', errors }
}

/** The JSON calls of the loan screens (spec part 1 section 7). */
export default class LoanApiController {
  /** GET /api/calibrator/data/search/{serial_number}: the calibrator, or why it cannot be lent. */
  async search({ params, request, response }: HttpContext) {
    const serial = String(params.serial_number ?? '')
      .trim()
      .slice(0, 100)
    const editing = Number(request.qs().loan)
    const { calibrator, refusal } = await lookUpSerial(
      serial,
      Number.isSafeInteger(editing) && editing > 0 ? editing : undefined
    )
    if (!calibrator) return response.status(404).send({ message: refusal })
    if (refusal) {
      return response
        .status(422)
        .send({ message: refusal, errors: { serial_number: [refusal] }, data: calibrator })
    }
    return { data: calibrator }
  }

  /** POST /api/calibrator/loan/{id}/return: the line of a serial number comes back now. */
  async returnOne(ctx: HttpContext) {
    const loan = await loanOf(ctx)
    try {
      const input = await ctx.request.validateUsing(loanReturnValidator)
      const { calibratorId, returnedAt } = await returnBySerial(
        signedInActor(ctx),
        loan,
        input.serial_number,
        input.condition
      )
      const date = fromDatabase(returnedAt) ?? null
      return {
        success: true,
        message: `Kalibrator dengan nomor seri ${input.serial_number} dikembalikan.`,
        data: {
          calibrator_id: calibratorId,
          return_date: date?.toISO() ?? null,
          formatted_return_date: formatDateTime(date),
        },
      }
    } catch (error) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        return ctx.response.status(422).send(fieldErrorsJson(error))
      }
      throw error
    }
  }

  /** GET /api/calibrator/loan/orders/{orderType}?search=: orders to link, by number or facility. */
  async orders({ params, request }: HttpContext) {
    if (!isOrderType(params.orderType)) return { data: [] }
    const search = String(request.qs().search ?? '')
      .trim()
      .slice(0, 100)
    return { data: await linkableOrders(params.orderType, search) }
  }
}
