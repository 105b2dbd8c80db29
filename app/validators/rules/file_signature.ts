import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { scanPdf, type PdfFinding } from '#files/pdf_scan'

/**
 * The first bytes of each accepted kind. The body parser trusts the file name
 * when it cannot recognise the content, so uploads are checked here by what
 * they contain.
 */
const SIGNATURES = {
  pdf: [Buffer.from('%PDF-')],
  png: [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  jpg: [Buffer.from([0xff, 0xd8, 0xff])],
  // An .xlsx is a zip archive.
  xlsx: [Buffer.from([0x50, 0x4b, 0x03, 0x04])],
} as const

export type FileKind = keyof typeof SIGNATURES

const LABELS: Record<FileKind, string> = {
  pdf: 'PDF',
  png: 'PNG',
  jpg: 'JPG',
  xlsx: 'Excel (.xlsx)',
}

async function head(path: string) {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(8)
    const { bytesRead } = await handle.read(buffer, 0, 8, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** Markup a browser would run if the file were ever shown as HTML. */
const HTML_MARKERS = ['<html', '<script']
const LONGEST_MARKER = Math.max(...HTML_MARKERS.map((marker) => marker.length))

/**
 * Whether the file holds `<html` or `<script` anywhere, in any letter case.
 * Read in chunks, each searched together with the tail of the one before, so
 * a marker split across two chunks is found too.
 */
async function containsHtml(path: string) {
  let tail = ''
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    const text = tail + (chunk as Buffer).toString('latin1').toLowerCase()
    if (HTML_MARKERS.some((marker) => text.includes(marker))) return true
    tail = text.slice(-(LONGEST_MARKER - 1))
  }
  return false
}

const HTML_IN_PDF =
  'Berkas PDF ditolak karena memuat kode HTML atau skrip (<html atau <script). Simpan ulang dokumen sebagai PDF dari aplikasi pengolah dokumen atau pemindai, lalu unggah kembali.'

/** Why a PDF with actions is refused (files/pdf_scan.ts), naming the field as its form labels it. */
const PDF_FINDINGS: Record<PdfFinding, string> = {
  active:
    '{{ field }}: berkas PDF berisi skrip, tindakan otomatis atau lampiran tersemat; simpan ulang sebagai PDF biasa (misalnya dengan Cetak ke PDF), lalu unggah kembali.',
  unreadable:
    '{{ field }}: berkas PDF memuat bagian terkompresi yang tidak dapat diperiksa (mungkin terenkripsi); simpan ulang sebagai PDF biasa (misalnya dengan Cetak ke PDF), lalu unggah kembali.',
}

export const fileSignature = vine.createRule(
  async (value: unknown, kinds: FileKind[], field: FieldContext) => {
    const tmpPath = (value as { tmpPath?: string } | null)?.tmpPath
    if (!tmpPath) return
    const bytes = await head(tmpPath)
    const matches = kinds.some((kind) =>
      SIGNATURES[kind].some((signature) => bytes.subarray(0, signature.length).equals(signature))
    )
    if (!matches) {
      field.report(
        `Isi berkas bukan ${kinds.map((kind) => LABELS[kind]).join('/')} yang valid.`,
        'fileSignature',
        field
      )
      return
    }
    // A PDF must not also be HTML: were it ever served or sniffed as a page, its script would run.
    const isPdf = bytes.subarray(0, SIGNATURES.pdf[0].length).equals(SIGNATURES.pdf[0])
    if (!isPdf) return
    if (await containsHtml(tmpPath)) {
      field.report(HTML_IN_PDF, 'fileSignature', field)
      return
    }
    // Nor a program: no script, launch, embedded file or form submission (issue 33, point 5).
    const finding = await scanPdf(tmpPath)
    if (finding) field.report(PDF_FINDINGS[finding], 'pdfActions', field)
  },
  { isAsync: true }
)
