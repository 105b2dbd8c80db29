import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import yauzl, { type Entry } from 'yauzl'

/**
 * Bounds of an uploaded workbook, judged from the ZIP directory before any
 * XML is parsed. The format file filled with 5,000 rows of the widest list
 * (devices, 17 columns) unpacks to about 3.3 MB in 17 parts; real workbooks
 * add a few parts (themes, printer settings, images). The bounds leave about
 * eight times that room.
 */
export const XLSX_LIMITS = {
  maxParts: 200,
  maxUnpackedBytes: 25 * 1024 * 1024,
  /** Spreadsheet XML deflates 5-20:1; far beyond that a part is built to explode. */
  maxRatio: 100,
  /** Small parts may compress as well as they like: they cost nothing to unpack. */
  ratioFromBytes: 1024 * 1024,
}

export type ArchiveProblem = 'unreadable' | 'too_large' | 'too_many_parts' | 'suspicious_ratio'

export class UnsafeArchiveError extends Error {
  constructor(
    readonly problem: ArchiveProblem,
    detail: string
  ) {
    super(`${problem}: ${detail}`)
  }
}

/** The parts exceljs' streaming reader uses, in the order it needs them. */
const NEEDED_PARTS = [
  /^xl\/_rels\/workbook\.xml\.rels$/,
  /^xl\/workbook\.xml$/,
  /^xl\/styles\.xml$/,
  /^xl\/sharedStrings\.xml$/,
  /^xl\/worksheets\/sheet(\d+)\.xml$/,
]

const LOCAL_HEADER = 0x04034b50
const DATA_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08])
const ZIP64_MARKER = 0xffffffff

function partRank(entry: Entry) {
  const index = NEEDED_PARTS.findIndex((pattern) => pattern.test(entry.fileName))
  const sheet = NEEDED_PARTS[NEEDED_PARTS.length - 1].exec(entry.fileName)
  return index * 1e6 + (sheet ? Number(sheet[1]) : 0)
}

/**
 * The bytes of one part's local record as a streaming unzipper reads them
 * (header, data, data descriptor), after checking that the local header agrees
 * with the central directory: otherwise the unzipper, which reads local
 * headers only, could inflate other data than what was measured.
 */
function localRecord(buffer: Buffer, entry: Entry) {
  const start = entry.relativeOffsetOfLocalHeader
  if (start + 30 > buffer.length || buffer.readUInt32LE(start) !== LOCAL_HEADER)
    throw new UnsafeArchiveError('unreadable', `${entry.fileName}: no local header`)
  const flags = buffer.readUInt16LE(start + 6)
  const method = buffer.readUInt16LE(start + 8)
  const compressedSize = buffer.readUInt32LE(start + 18)
  const uncompressedSize = buffer.readUInt32LE(start + 22)
  const nameLength = buffer.readUInt16LE(start + 26)
  const extraLength = buffer.readUInt16LE(start + 28)
  const dataStart = start + 30 + nameLength + extraLength
  const dataEnd = dataStart + entry.compressedSize
  const name = buffer.subarray(start + 30, start + 30 + nameLength).toString('utf8')
  if (
    name !== entry.fileName ||
    method !== entry.compressionMethod ||
    compressedSize === ZIP64_MARKER ||
    uncompressedSize === ZIP64_MARKER ||
    dataEnd > buffer.length
  )
    throw new UnsafeArchiveError('unreadable', `${entry.fileName}: local header differs`)

  if (flags & 0x08 && compressedSize === 0) {
    // Size in a data descriptor: the unzipper reads up to the first descriptor signature,
    // which must therefore be exactly where the directory says the data ends.
    if (buffer.indexOf(DATA_DESCRIPTOR, dataStart) !== dataEnd || dataEnd + 16 > buffer.length)
      throw new UnsafeArchiveError('unreadable', `${entry.fileName}: data descriptor misplaced`)
    return buffer.subarray(start, dataEnd + 16)
  }
  if (compressedSize !== entry.compressedSize)
    throw new UnsafeArchiveError('unreadable', `${entry.fileName}: sizes differ`)
  return buffer.subarray(start, dataEnd)
}

/** Unpacks one part and discards it; yauzl fails as soon as it yields more (or less) than declared. */
async function assertDeclaredSize(zip: yauzl.ZipFile, entry: Entry) {
  const stream = await zip.openReadStreamPromise(entry)
  await finished(stream.resume())
}

/**
 * Checks an uploaded workbook from its ZIP directory (number of parts, total
 * unpacked size, compression ratio of each part, declared sizes that hold)
 * and returns a stream of just the parts the streaming reader needs, in the
 * order it needs them, so no part is parsed before its size is known.
 * Throws UnsafeArchiveError.
 */
export async function checkedWorkbookStream(buffer: Buffer): Promise<Readable> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.fromBufferPromise(buffer, { validateEntrySizes: true, autoClose: false })
  } catch (error) {
    throw new UnsafeArchiveError('unreadable', (error as Error).message)
  }
  try {
    if (zip.entryCount > XLSX_LIMITS.maxParts)
      throw new UnsafeArchiveError('too_many_parts', `${zip.entryCount} parts`)
    const needed: Entry[] = []
    let unpacked = 0
    try {
      for await (const entry of zip.eachEntry()) {
        unpacked += entry.uncompressedSize
        if (unpacked > XLSX_LIMITS.maxUnpackedBytes)
          throw new UnsafeArchiveError('too_large', `more than ${unpacked} bytes`)
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
        if (entry.uncompressedSize > XLSX_LIMITS.ratioFromBytes && ratio > XLSX_LIMITS.maxRatio)
          throw new UnsafeArchiveError(
            'suspicious_ratio',
            `${entry.fileName} ${ratio.toFixed(0)}:1`
          )
        if (NEEDED_PARTS.some((pattern) => pattern.test(entry.fileName))) needed.push(entry)
      }
    } catch (error) {
      if (error instanceof UnsafeArchiveError) throw error
      throw new UnsafeArchiveError('unreadable', (error as Error).message)
    }
    needed.sort((a, b) => partRank(a) - partRank(b))
    if (!needed.some((entry) => entry.fileName === 'xl/workbook.xml'))
      throw new UnsafeArchiveError('unreadable', 'no workbook part')

    const records: Buffer[] = []
    for (const entry of needed) {
      records.push(localRecord(buffer, entry))
      try {
        await assertDeclaredSize(zip, entry)
      } catch (error) {
        throw new UnsafeArchiveError('unreadable', `${entry.fileName}: ${(error as Error).message}`)
      }
    }
    return Readable.from(records)
  } finally {
    zip.close()
  }
}
