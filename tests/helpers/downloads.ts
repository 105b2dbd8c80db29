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

function decodePdfString(source: string) {
  if (source.startsWith('<')) {
    const hex = source.slice(1, -1).replace(/\s+/g, '')
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
 * The text lines a pdfkit document draws (standard fonts, WinAnsi): every
 * content stream inflated, every TJ/Tj operand decoded. One entry per text
 * show operation, i.e. one line of one cell.
 */
export function pdfTextLines(buffer: Buffer): string[] {
  const source = buffer.toString('latin1')
  const lines: string[] = []
  const streamPattern = /stream\r?\n/g
  let match: RegExpExecArray | null
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length
    const end = source.indexOf('endstream', start)
    if (end < 0) break
    const raw = Buffer.from(source.slice(start, end), 'latin1')
    let content: string
    try {
      content = inflateSync(raw).toString('latin1')
    } catch {
      content = raw.toString('latin1')
    }
    for (const op of content.matchAll(
      /\[((?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g
    )) {
      if (op[1] !== undefined) {
        const parts = op[1].match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? []
        lines.push(parts.map(decodePdfString).join(''))
      } else {
        lines.push(decodePdfString(op[2]))
      }
    }
    streamPattern.lastIndex = end
  }
  return lines
}
