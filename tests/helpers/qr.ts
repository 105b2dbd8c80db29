import jsQRModule from 'jsqr'
import { PNG } from 'pngjs'

/** jsQR ships CommonJS typed as an ES default export: take the function either way. */
const jsQR = ((jsQRModule as { default?: unknown }).default ?? jsQRModule) as (
  data: Uint8ClampedArray,
  width: number,
  height: number
) => { data: string } | null

/** The text of the QR code in a PNG image (a screenshot, a rendered page), or null. */
export function decodeQr(png: Buffer) {
  const image = PNG.sync.read(png)
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null
}
