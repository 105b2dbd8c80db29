import { test } from '@japa/runner'
import { createDocument } from '#documents/kit/document'
import { pdfTextLines } from '#tests/helpers/downloads'

async function render(build: (doc: ReturnType<typeof createDocument>) => void) {
  const doc = createDocument({ title: 'Uji huruf' })
  build(doc)
  const pdf = doc.end()
  const chunks: Buffer[] = []
  for await (const chunk of pdf) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

test.group('Documents | every PDF embeds a Unicode font', () => {
  test('names outside Latin-1 print as written, in titles, key-values and tables', async ({
    assert,
  }) => {
    const names = ['Klinik Şifa Ağrı', 'Apotek Łódź', 'RS Ωmega – €', 'Puskesmas Đà Nẵng ✓']
    const buffer = await render((doc) => {
      doc.title(names[0])
      doc.keyValues([['Fasyankes', names[1]]])
      const table = doc.table([{ label: 'Nama' }, { label: 'Kota' }])
      table.row([names[2], names[3]])
      table.end()
    })
    assert.match(buffer.subarray(0, 5).toString(), /%PDF-/)
    assert.include(buffer.toString('latin1'), '/FontFile2', 'a TrueType font is embedded')
    const text = pdfTextLines(buffer).join('\n')
    for (const name of names) assert.include(text, name)
  })
})
