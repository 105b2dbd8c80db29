import Certificate, { type CertificateStatus } from '#models/certificate'

/**
 * A device line's first certificate in `status` (approved by default), as the approval flow
 * leaves it: what a label needs before it shows a result (issue 37).
 */
export function certificateFor(orderDeviceId: number, status: CertificateStatus = 'Berlaku') {
  return Certificate.create({
    orderDeviceId,
    revision: 0,
    status,
    code: `CRT${String(orderDeviceId).padStart(7, '0')}`,
  })
}
