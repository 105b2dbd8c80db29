import { test } from '@japa/runner'
import { deflateSync } from 'node:zlib'
import PDFDocument from 'pdfkit'
import { scanPdfBytes } from '#files/pdf_scan'

/** A one-page PDF whose catalog carries `catalogExtra`, with `objects` appended before the trailer. */
function pdf(catalogExtra = '', objects: (string | Buffer)[] = []) {
  return Buffer.concat([
    Buffer.from(
      [
        '%PDF-1.7',
        `1 0 obj << /Type /Catalog /Pages 2 0 R ${catalogExtra} >> endobj`,
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
        '',
      ].join('\n')
    ),
    ...objects.map((object) => (typeof object === 'string' ? Buffer.from(`${object}\n`) : object)),
    Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'),
  ])
}

/** An object stream (`dictionary` around it) holding `objects`, deflated unless told otherwise. */
function objectStream(
  objects: string,
  options: { dictionary?: string; deflate?: boolean; filter?: string } = {}
) {
  const data = options.deflate === false ? Buffer.from(objects) : deflateSync(objects)
  const filter = options.filter ?? (options.deflate === false ? '' : '/Filter /FlateDecode')
  const type = options.dictionary ?? '/Type /ObjStm'
  return Buffer.concat([
    Buffer.from(`9 0 obj << ${type} /N 1 /First 5 ${filter} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ])
}

/** A stream of raw bytes (an image), as a scanner writes it. */
function imageStream(bytes: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `8 0 obj << /Type /XObject /Subtype /Image /Width 1 /Height 1 /Length ${bytes.length} >>\nstream\n`
    ),
    bytes,
    Buffer.from('\nendstream\nendobj\n'),
  ])
}

function pdfkitDocument(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument()
    const chunks: Buffer[] = []
    document.on('data', (chunk: Buffer) => chunks.push(chunk))
    document.on('end', () => resolve(Buffer.concat(chunks)))
    document.on('error', reject)
    document.fontSize(12).text('Surat permohonan kalibrasi / JS / Launch (teks biasa)')
    document.end()
  })
}

test.group('PDF scan | actions, scripts and embedded files (issue 33, point 5)', () => {
  test('a plain PDF, and one the app draws with pdfkit (compressed content), pass', async ({
    assert,
  }) => {
    assert.isNull(scanPdfBytes(pdf()))
    assert.isNull(scanPdfBytes(await pdfkitDocument()))
  })

  test('{label} is refused')
    .with([
      {
        label: '/OpenAction /JavaScript',
        extra: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      },
      { label: 'a bare /JS entry', extra: '/AA << /O << /JS (app.alert(1)) >> >>' },
      { label: '/Launch', extra: '/OpenAction << /S /Launch /F (cmd.exe) >>' },
      { label: '/EmbeddedFiles', extra: '/Names << /EmbeddedFiles 5 0 R >>' },
      { label: '/EmbeddedFile', extra: '/X << /Type /EmbeddedFile >>' },
      { label: '/FileAttachment', extra: '/X << /Subtype /FileAttachment >>' },
      { label: '/SubmitForm', extra: '/OpenAction << /S /SubmitForm /F (https://x.example) >>' },
      { label: '/ImportData', extra: '/OpenAction << /S /ImportData /F (data.fdf) >>' },
      { label: '/RichMedia', extra: '/X << /Subtype /RichMedia >>' },
    ])
    .run(({ assert }, { extra }) => {
      assert.equal(scanPdfBytes(pdf(extra)), 'active')
    })

  test('names written with #hex escapes, in any letter case, are read as a PDF reader reads them', ({
    assert,
  }) => {
    assert.equal(scanPdfBytes(pdf('/OpenAction << /S /J#61vaScript /J#53 (x) >>')), 'active')
    assert.equal(scanPdfBytes(pdf('/OpenAction << /S /#4c#61#75#6e#63#68 >>')), 'active')
    assert.equal(scanPdfBytes(pdf('/OpenAction << /S /javascript >>')), 'active')
    assert.equal(scanPdfBytes(pdf('/AA << /O << /#4a#53 (x) >> >>')), 'active')
  })

  test('names hidden in a compressed object stream (FlateDecode) are found', ({ assert }) => {
    const hidden = '5 0 << /S /JavaScript /JS (app.alert(1)) >>'
    assert.equal(scanPdfBytes(pdf('/OpenAction 5 0 R', [objectStream(hidden)])), 'active')
    const escaped = '5 0 << /S /J#61vaScript /J#53 (app.alert(1)) >>'
    assert.equal(scanPdfBytes(pdf('/OpenAction 5 0 R', [objectStream(escaped)])), 'active')
    // The stream's own type escaped too.
    const disguised = objectStream('5 0 << /AA << /O << /JS (x) >> >> >>', {
      dictionary: '/Type /Obj#53tm',
    })
    assert.equal(scanPdfBytes(pdf('', [disguised])), 'active')
    // A short name in an uncompressed object stream is read as objects too.
    const plain = objectStream('5 0 << /JS (x) >>', { deflate: false })
    assert.equal(scanPdfBytes(pdf('', [plain])), 'active')
  })

  test('a harmless compressed object stream passes; one this scan cannot read is refused', ({
    assert,
  }) => {
    const harmless = objectStream('5 0 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
    assert.isNull(scanPdfBytes(pdf('', [harmless])))
    const lzw = objectStream('5 0 << /JS (x) >>', { deflate: false, filter: '/Filter /LZWDecode' })
    assert.equal(scanPdfBytes(pdf('', [lzw])), 'unreadable')
  })

  test('two letters that spell /JS by chance inside image data are not a script', ({ assert }) => {
    const bytes = Buffer.from([0x00, 0x2f, 0x4a, 0x53, 0x20, 0xff, 0x10])
    assert.isNull(scanPdfBytes(pdf('', [imageStream(bytes)])))
  })
})
