import type { SharedOrderAction } from '#workflows/order_actions'

/**
 * What each kind of order file is, and who may see it: `seenWith` names the
 * order workflow action a viewer must be allowed to take (null: anyone who
 * may see the order). `single` kinds keep one current file per device line;
 * a new one supersedes the old, which stays stored and listed.
 */
export interface FileKindInfo {
  label: string
  seenWith: SharedOrderAction | null
  single: boolean
}

export const FILE_KINDS = {
  application_letter: { label: 'Surat permohonan', seenWith: null, single: true },
  worksheet: { label: 'Lembar kerja', seenWith: 'worksheets', single: true },
  certificate: { label: 'Sertifikat', seenWith: 'files', single: true },
  result: { label: 'Hasil', seenWith: 'files', single: true },
  // On-site orders: the offering letter the facility approved, with the contract (yantek).
  contract: { label: 'Surat persetujuan dan kontrak', seenWith: 'files', single: true },
  // Invoices (both types): the treasurer's signed invoice letter, the facility's payment proofs.
  invoice_letter: { label: 'Surat tagihan', seenWith: 'invoice', single: true },
  payment_proof: { label: 'Bukti pembayaran', seenWith: 'invoice', single: false },
  // Label requests: the officer's proof of the labels returned to the lab.
  label_proof: { label: 'Bukti pengembalian label', seenWith: 'label', single: true },
} as const satisfies Record<string, FileKindInfo>

export type OrderFileKind = keyof typeof FILE_KINDS
