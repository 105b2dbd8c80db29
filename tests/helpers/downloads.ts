import { inflateSync } from 'node:zlib'

/** Reading what the app sends as files: PDF and XLSX downloads in functional tests. */

const collectBuffer = (res: any, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = []
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)))
  res.on('error', (error: Error) => done(error, Buffer.alloc(0)))
  res.on('end', () => done(null, Buffer.concat(chunks)))
}

/**
 * Makes this one request keep its response body as a Buffer (PDF and XLSX
 * downloads). Per request, so other suites' parsers are left alone.
 */
export function binary<T extends { request: { parse(fn: unknown): unknown } }>(request: T): T {
  request.request.parse(collectBuffer)
  return request
}

interface PdfObject {
  dictionary: string
  stream: Buffer | null
}

/** Every `N 0 obj ... endobj` of a PDF, with its (inflated) stream. */
function pdfObjects(buffer: Buffer) {
  const source = buffer.toString('latin1')
  const objects = new Map<number, PdfObject>()
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]
    const streamAt = body.search(/stream\r?\n/)
    let stream: Buffer | null = null
    let dictionary = body
    if (streamAt >= 0) {
      dictionary = body.slice(0, streamAt)
      const start = streamAt + body.slice(streamAt).indexOf('\n') + 1
      const raw = Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1')
      try {
        stream = inflateSync(raw)
      } catch {
        stream = raw
      }
    }
    objects.set(Number(match[1]), { dictionary, stream })
  }
  return objects
}

/** A ToUnicode CMap as code (hex) -> text, with the code length in hex digits. */
function parseCMap(cmap: string) {
  const map = new Map<string, string>()
  // A target may be several code units (a ligature such as "fl"), written with spaces.
  const unicode = (hex: string) =>
    String.fromCodePoint(
      ...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((part) => Number.parseInt(part, 16))
    )
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set(pair[1].toLowerCase(), unicode(pair[2]))
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g
    )) {
      const width = range[1].length
      const first = Number.parseInt(range[1], 16)
      const last = Number.parseInt(range[2], 16)
      const targets = range[3].startsWith('[') ? (range[3].match(/<[0-9a-fA-F\s]+>/g) ?? []) : null
      for (let code = first; code <= last; code++) {
        const key = code.toString(16).padStart(width, '0')
        if (targets) {
          const target = targets[code - first]
          if (target) map.set(key, unicode(target.slice(1, -1)))
        } else {
          const base = Number.parseInt(range[3].slice(1, -1), 16)
          map.set(key, String.fromCodePoint(base + code - first))
        }
      }
    }
  }
  const width = [...map.keys()][0]?.length ?? 4
  return { map, width }
}

type FontDecoder = (hex: string) => string

function decodeWith(source: string, decoder: FontDecoder | null) {
  if (source.startsWith('<')) {
    const hex = source.slice(1, -1).replace(/\s+/g, '')
    if (decoder) return decoder(hex)
    let out = ''
    for (let i = 0; i < hex.length; i += 2)
      out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16))
    return out
  }
  return source
    .slice(1, -1)
    .replace(
      /\\([nrtbf()\\])/g,
      (_, c) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' })[c as 'n'] ?? c
    )
}

/**
 * The text lines a pdfkit document draws: every page content stream read in
 * order, each font's codes mapped back through its ToUnicode CMap (embedded
 * Unicode fonts) or read as WinAnsi (standard fonts). One entry per text show
 * operation, i.e. one line of one cell.
 */
export function pdfTextLines(buffer: Buffer): string[] {
  const objects = pdfObjects(buffer)
  const decoders = new Map<string, FontDecoder | null>()
  for (const object of objects.values()) {
    for (const fonts of object.dictionary.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const entry of fonts[1].matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const font = objects.get(Number(entry[2]))
        const toUnicode = font?.dictionary.match(/\/ToUnicode (\d+) 0 R/)
        const cmapStream = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : null
        if (!cmapStream) {
          decoders.set(entry[1], null)
          continue
        }
        const { map, width } = parseCMap(cmapStream.toString('latin1'))
        decoders.set(entry[1], (hex) => {
          let out = ''
          for (let i = 0; i < hex.length; i += width)
            out += map.get(hex.slice(i, i + width).toLowerCase()) ?? ''
          return out
        })
      }
    }
  }
  const contents = new Set<number>()
  for (const object of objects.values()) {
    const ref = object.dictionary.match(/\/Contents\s+(?:\[([^\]]*)\]|(\d+) 0 R)/)
    if (!ref) continue
    for (const id of (ref[1] ?? `${ref[2]} 0 R`).matchAll(/(\d+) 0 R/g)) contents.add(Number(id[1]))
  }
  const lines: string[] = []
  for (const id of [...contents].sort((a, b) => a - b)) {
    const content = objects.get(id)?.stream?.toString('latin1') ?? ''
    let decoder: FontDecoder | null = null
    for (const op of content.matchAll(
      /\/([\w.]+)\s+[-\d.]+\s+Tf|\[((?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g
    )) {
      if (op[1] !== undefined) {
        decoder = decoders.get(op[1]) ?? null
      } else if (op[2] !== undefined) {
        const parts = op[2].match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? []
        lines.push(parts.map((part) => decodeWith(part, decoder)).join(''))
      } else {
        lines.push(decodeWith(op[3], decoder))
      }
    }
  }
  return lines
}
