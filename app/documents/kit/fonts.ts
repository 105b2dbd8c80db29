import { createRequire } from 'node:module'

/**
 * One Unicode font for every generated PDF (DejaVu Sans, from the
 * dejavu-fonts-ttf package): names with characters outside Latin-1 print as
 * written, not as garbage as with pdfkit's built-in Helvetica.
 */
const require = createRequire(import.meta.url)
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`)

export const FONTS = {
  regular: { name: 'Body', path: fontPath('DejaVuSans.ttf') },
  bold: { name: 'Bold', path: fontPath('DejaVuSans-Bold.ttf') },
  // Tables: the condensed cut fits as much in a column as Helvetica did.
  tableRegular: { name: 'Table', path: fontPath('DejaVuSansCondensed.ttf') },
  tableBold: { name: 'TableBold', path: fontPath('DejaVuSansCondensed-Bold.ttf') },
} as const

export function registerFonts(pdf: PDFKit.PDFDocument) {
  for (const font of Object.values(FONTS)) pdf.registerFont(font.name, font.path)
  pdf.font(FONTS.regular.name)
}
