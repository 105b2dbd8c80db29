import type { HttpContext } from '@adonisjs/core/http'
import lab from '#config/lab'
import { normalLabelCode } from '#services/label_codes'
import { verifiedLabel } from '#queries/orders/labels'
import { verifiedCertificate } from '#queries/orders/certificates'

/**
 * The public page behind a label's or a certificate's QR code (/verifikasi/{code}, no
 * sign-in): what the label or the certificate vouches for and nothing else. An unknown or
 * malformed code answers 404 with its reason. Codes carry about 50 random bits, so guessing one is not a way in (docs/decisions.md).
 */
export default class LabelVerificationController {
  async show({ params, request, inertia, response }: HttpContext) {
    const typed = String(params.code ?? request.input('code') ?? '').slice(0, 40)
    const page = { labName: lab.name, typed }
    if (!params.code && !typed)
      return inertia.render('verification/show', { ...page, state: 'ask' })
    const code = normalLabelCode(typed)
    if (!code) {
      response.status(404)
      return inertia.render('verification/show', { ...page, state: 'malformed' })
    }
    if (!params.code) return response.redirect().toRoute('labels.verify', { code })
    // One page for both printed codes: a device's label and a certificate (issue 15).
    const label = await verifiedLabel(code)
    const certificate = label ? null : await verifiedCertificate(code)
    if (!label && !certificate) response.status(404)
    return inertia.render('verification/show', {
      ...page,
      state: label || certificate ? 'valid' : 'unknown',
      label,
      certificate,
    })
  }
}
