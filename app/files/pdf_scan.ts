import { readFile } from 'node:fs/promises'
import { constants, inflateSync } from 'node:zlib'

/**
 * What an uploaded PDF may not hold (issue 33, point 5): a letter, a certificate or a proof of
 * payment is a document to read, never a program. A PDF naming any of these is refused: scripts
 * (/JavaScript, /JS), starting another program (/Launch), files carried inside it (/EmbeddedFile,
 * /EmbeddedFiles, /FileAttachment), sending or reading data (/SubmitForm, /ImportData) and
 * embedded media players (/RichMedia).
 *
 * A name is read as a PDF reader reads it: `#xx` escapes decoded (/J#61vaScript is /JavaScript),
 * in any letter case. Objects packed in compressed object streams (/Type /ObjStm, FlateDecode)
 * are inflated and read too; an object stream this scan cannot read (another filter, a
 * predictor, encrypted or damaged data) is refused as well, since what it hides is unknown.
 */

export type PdfFinding = 'active' | 'unreadable'

/** Forbidden anywhere, raw stream data included (long enough never to occur by chance). */
const LONG_NAMES = new Set([
  'javascript',
  'launch',
  'embeddedfile',
  'embeddedfiles',
  'fileattachment',
  'submitform',
  'importdata',
  'richmedia',
])

/** Forbidden in the objects, not in raw stream data (two letters occur in any image by chance). */
const SHORT_NAMES = new Set(['js'])

/** Inflated object streams larger than this are not read (a decompression bomb): refused. */
const MAX_INFLATED = 64 * 1024 * 1024

/** A name token: a slash, then regular characters (PDF 32000-1, 7.3.5). */
const NAME = /\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g

const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16))
  )

/** The names of a text, decoded and in lower case. */
function* namesIn(text: string) {
  for (const match of text.matchAll(NAME)) yield decodeName(match[1]).toLowerCase()
}

function holdsName(text: string, names: Set<string>) {
  for (const name of namesIn(text)) if (names.has(name)) return true
  return false
}

/** Objects' text: every name is checked. */
const objectsAreActive = (text: string) =>
  holdsName(text, LONG_NAMES) || holdsName(text, SHORT_NAMES)

/** A stream's dictionary with its names decoded, so /Obj#53tm reads /ObjStm. */
const decodedDictionary = (text: string) =>
  text.replace(NAME, (_, raw: string) => `/${decodeName(raw)}`)

interface Stream {
  /** Where the dictionary ends ('>>' before `stream`): the objects' text before it is scanned. */
  dictionaryEnd: number
  dictionary: string
  dataStart: number
  dataEnd: number
  /** Where the scan goes on (after `endstream`). */
  next: number
}

const STREAM_START = />>\s*stream(?:\r\n|\n|\r)/g
const OBJECT_HEADER = /\d+\s+\d+\s+obj\b/g

/** The next stream at or after `from`, with its dictionary (back to the object's `obj`). */
function nextStream(text: string, from: number): Stream | null {
  STREAM_START.lastIndex = from
  const match = STREAM_START.exec(text)
  if (!match) return null
  const dictionaryEnd = match.index + 2
  let objectStart = from
  for (const header of text.slice(from, match.index).matchAll(OBJECT_HEADER)) {
    objectStart = from + header.index
  }
  const dictionary = decodedDictionary(text.slice(objectStart, dictionaryEnd))
  const dataStart = match.index + match[0].length
  // The direct /Length when `endstream` follows it, else the first `endstream`.
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)
  let dataEnd = -1
  if (length) {
    const end = dataStart + Number(length[1])
    if (/^\s*endstream/.test(text.slice(end, end + 32))) dataEnd = end
  }
  if (dataEnd < 0) {
    const found = text.indexOf('endstream', dataStart)
    dataEnd = found < 0 ? text.length : found
  }
  const endKeyword = text.indexOf('endstream', dataEnd)
  const next = endKeyword < 0 ? text.length : endKeyword + 'endstream'.length
  return { dictionaryEnd, dictionary, dataStart, dataEnd, next }
}

/** The filters of a stream's dictionary, in lower case ([] for none). */
function filtersOf(dictionary: string) {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary)
  if (!filter) return []
  return [...namesIn(filter[1])]
}

/** The objects of an object stream as text, or null when this scan cannot read them. */
function objectStreamText(dictionary: string, data: Buffer) {
  const filters = filtersOf(dictionary)
  if (!filters.length) return data.toString('latin1')
  if (filters.length !== 1 || !['flatedecode', 'fl'].includes(filters[0])) return null
  const predictor = /\/Predictor\s+(\d+)/.exec(dictionary)
  if (predictor && Number(predictor[1]) > 1) return null
  for (const finishFlush of [constants.Z_FINISH, constants.Z_SYNC_FLUSH]) {
    try {
      return inflateSync(data, { maxOutputLength: MAX_INFLATED, finishFlush }).toString('latin1')
    } catch {
      // A stream cut short or with trailing bytes still inflates with a sync flush.
    }
  }
  return null
}

/** What is wrong with a PDF's bytes: null when it holds no action, script or embedded file. */
export function scanPdfBytes(bytes: Buffer): PdfFinding | null {
  const text = bytes.toString('latin1')
  if (holdsName(text, LONG_NAMES)) return 'active'
  let position = 0
  let unreadable = false
  for (let stream = nextStream(text, 0); stream; stream = nextStream(text, position)) {
    if (objectsAreActive(text.slice(position, stream.dictionaryEnd))) return 'active'
    if (/\/Type\s*\/ObjStm\b/i.test(stream.dictionary)) {
      const objects = objectStreamText(
        stream.dictionary,
        bytes.subarray(stream.dataStart, stream.dataEnd)
      )
      if (objects === null) unreadable = true
      else if (objectsAreActive(objects)) return 'active'
    }
    position = stream.next
  }
  if (objectsAreActive(text.slice(position))) return 'active'
  return unreadable ? 'unreadable' : null
}

/** The same for an uploaded file (at most the upload limit, read whole). */
export async function scanPdf(path: string) {
  return scanPdfBytes(await readFile(path))
}
