import { crc32, deflateRawSync } from 'node:zlib'

/**
 * A small ZIP writer for tests that need archives no well-behaved writer makes:
 * spreadsheet bombs, entries whose recorded size lies, data descriptors.
 * Built on node:zlib only, so the tests add no package.
 */
export interface ZipEntry {
  name: string
  data: Buffer | string
  /** 8 (deflate, default) or 0 (stored). */
  method?: 0 | 8
  /** Sizes written in the headers instead of the real uncompressed size (a lying archive). */
  declaredSize?: number
  /** Sizes in a data descriptor after the data, zeros in the local header (general purpose bit 3). */
  dataDescriptor?: boolean
}

export function zip(entries: ZipEntry[]) {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const raw = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data)
    const method = entry.method ?? 8
    const body = method === 8 ? deflateRawSync(raw, { level: 9 }) : raw
    const crc = crc32(raw)
    const size = entry.declaredSize ?? raw.length
    const name = Buffer.from(entry.name)
    const flags = 0x0800 | (entry.dataDescriptor ? 0x08 : 0)

    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(0x00210000, 10) // 1980-01-01 00:00
    if (!entry.dataDescriptor) {
      local.writeUInt32LE(crc, 14)
      local.writeUInt32LE(body.length, 18)
      local.writeUInt32LE(size, 22)
    }
    local.writeUInt16LE(name.length, 26)
    const parts = [local, name, body]
    if (entry.dataDescriptor) {
      const descriptor = Buffer.alloc(16)
      descriptor.writeUInt32LE(0x08074b50, 0)
      descriptor.writeUInt32LE(crc, 4)
      descriptor.writeUInt32LE(body.length, 8)
      descriptor.writeUInt32LE(size, 12)
      parts.push(descriptor)
    }

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(flags, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(0x00210000, 12)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)

    const record = Buffer.concat(parts)
    locals.push(record)
    offset += record.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function columnName(index: number) {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** The XML of one sheet with inline strings and plain numbers (row 1 = first array). */
export function sheetXml(rows: (string | number | null)[][], startRow = 1) {
  const body = rows
    .map((cells, r) => {
      const number = startRow + r
      const xml = cells
        .map((value, c) => {
          if (value === null) return ''
          const ref = `${columnName(c)}${number}`
          return typeof value === 'number'
            ? `<c r="${ref}"><v>${value}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`
        })
        .join('')
      return `<row r="${number}">${xml}</row>`
    })
    .join('')
  return sheetDocument(body)
}

export function sheetDocument(sheetData: string) {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`
}

/**
 * The parts of a minimal but genuine workbook (one sheet, inline strings, no
 * shared strings or styles), with the sheet XML given. Excel and LibreOffice
 * open it; pass the entries to zip(), changed as a test needs.
 */
export function workbookEntries(sheet: string | Buffer): ZipEntry[] {
  const ns = 'http://schemas.openxmlformats.org'
  return [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]
}
