import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Browser } from 'playwright'

const require = createRequire(import.meta.url)
const PDFJS = join(dirname(require.resolve('pdfjs-dist/package.json')), 'build')
const ORIGIN = 'http://pdf.render.test'

/**
 * Page `number` of a PDF as Chromium draws it with pdf.js (Mozilla's renderer), as a PNG: what
 * a person sees on screen or holds printed, to be read by eye or by a QR scanner. Served from
 * memory under a made-up origin, so nothing reaches the network.
 */
export async function pdfPagePng(browser: Browser, pdf: Buffer, number = 1, scale = 2) {
  // Room for the whole A4 page at this scale, so the screenshot is the page as drawn.
  const context = await browser.newContext({
    viewport: { width: Math.ceil(600 * scale), height: Math.ceil(850 * scale) },
  })
  try {
    const page = await context.newPage()
    await page.route(`${ORIGIN}/**`, (route) => {
      const name = new URL(route.request().url()).pathname.slice(1)
      if (name === 'document.pdf') {
        return route.fulfill({ body: pdf, contentType: 'application/pdf' })
      }
      if (name === 'pdf.min.mjs' || name === 'pdf.worker.min.mjs') {
        return route.fulfill({ path: join(PDFJS, name), contentType: 'text/javascript' })
      }
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><body style="margin:0"><canvas id="page"></canvas>
<script type="module">
import * as pdfjs from '/pdf.min.mjs'
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs'
try {
  const doc = await pdfjs.getDocument({ url: '/document.pdf' }).promise
  const page = await doc.getPage(${number})
  const viewport = page.getViewport({ scale: ${scale} })
  const canvas = document.getElementById('page')
  canvas.width = viewport.width
  canvas.height = viewport.height
  await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise
  document.body.dataset.state = 'drawn'
} catch (error) {
  document.body.dataset.state = 'failed: ' + error
}
</script></body>`,
      })
    })
    await page.goto(`${ORIGIN}/index.html`)
    // Expressions as text: they run in the page, whose DOM the server's types do not know.
    await page.waitForFunction('document.body.dataset.state !== undefined')
    const state = await page.evaluate<string>('document.body.dataset.state')
    if (state !== 'drawn') throw new Error(`pdf.js could not draw the PDF (${state})`)
    return await page.locator('#page').screenshot()
  } finally {
    await context.close()
  }
}
