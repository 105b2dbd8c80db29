import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'

export interface Checksummed {
  /** Path inside the archive, always with `/`. */
  path: string
  size: number
  sha256: string
}

/** The sha256 (hex) and size of a file, read as a stream. */
export async function checksumOf(file: string) {
  const hash = createHash('sha256')
  let size = 0
  await pipeline(createReadStream(file), async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      size += chunk.length
      hash.update(chunk)
    }
  })
  return { size, sha256: hash.digest('hex') }
}

/** The `SHA256SUMS` text of the archive: one `<hash>  <path>` line a file, as `sha256sum -c` reads it. */
export function sumsText(entries: { path: string; sha256: string }[]) {
  return entries.map((entry) => `${entry.sha256}  ${entry.path}\n`).join('')
}

/** The lines of a `SHA256SUMS` text as path → hash; null when a line is not of that form. */
export function parseSums(text: string) {
  const sums = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (!line) continue
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line)
    if (!match) return null
    sums.set(match[2], match[1])
  }
  return sums
}
