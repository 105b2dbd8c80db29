/**
 * Bulk certificate upload (issue 10.18): which device line each dropped file is for,
 * read from its name. A name matches a line when it holds the line's certificate
 * number or serial number as whole words, in any case and with any separators
 * ("KAL-PK-008.pdf" holds "KAL/PK/008"; "SN-12-10.pdf" does not hold "SN-12-1"), or
 * as one run of letters and digits ("sn121.pdf" holds "SN-12-1"). The user sees the
 * result and may change it before anything is saved.
 */
export interface MatchableLine {
  id: number
  certificate_number: string | null
  serial_number: string | null
}

export interface FileMatch {
  name: string
  device_id: number | null
  /** What the name held: "Nomor sertifikat" or "Nomor seri"; null without a match. */
  matched_by: string | null
  /** Why there is no match, or why it is not taken. */
  note: string | null
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? []

function holds(nameWords: string[], key: string | null) {
  const keyWords = words(key ?? '')
  if (!keyWords.length) return false
  const compact = keyWords.join('')
  if (nameWords.includes(compact)) return true
  return nameWords.some((_, start) =>
    keyWords.every((word, offset) => nameWords[start + offset] === word)
  )
}

const KEYS = [
  { key: 'certificate_number', label: 'Nomor sertifikat' },
  { key: 'serial_number', label: 'Nomor seri' },
] as const

function matchOne(name: string, lines: MatchableLine[]): FileMatch {
  const nameWords = words(name.replace(/\.[^.]*$/, ''))
  // The certificate number names one line for sure; a serial number is the fallback.
  for (const { key, label } of KEYS) {
    const found = lines.filter((line) => holds(nameWords, line[key]))
    if (found.length === 1) return { name, device_id: found[0].id, matched_by: label, note: null }
    if (found.length > 1) {
      return {
        name,
        device_id: null,
        matched_by: null,
        note: `${label} pada nama berkas cocok dengan ${found.length} alat; pilih alatnya.`,
      }
    }
  }
  return {
    name,
    device_id: null,
    matched_by: null,
    note: 'Nama berkas tidak memuat nomor sertifikat atau nomor seri alat; pilih alatnya.',
  }
}

/** One match per name, in order; a line already taken by an earlier file is not given twice. */
export function matchFileNames(names: string[], lines: MatchableLine[]): FileMatch[] {
  const taken = new Map<number, string>()
  return names.map((name) => {
    const match = matchOne(name, lines)
    if (match.device_id === null) return match
    const first = taken.get(match.device_id)
    if (first) {
      return {
        ...match,
        device_id: null,
        matched_by: null,
        note: `Alat yang sama sudah dipasangkan dengan ${first}; pilih alatnya.`,
      }
    }
    taken.set(match.device_id, name)
    return match
  })
}
