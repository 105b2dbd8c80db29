import { test } from '@japa/runner'
import { matchFileNames, type MatchableLine } from '#files/certificate_matching'

const LINES: MatchableLine[] = [
  { id: 1, certificate_number: 'KAL/PK/008', serial_number: 'SN-12-1' },
  { id: 2, certificate_number: 'KAL/PK/009', serial_number: 'SN-12-10' },
  { id: 3, certificate_number: null, serial_number: 'A77' },
  { id: 4, certificate_number: null, serial_number: null },
]

const pick = (names: string[]) =>
  matchFileNames(names, LINES).map((match) => [match.device_id, match.matched_by])

/** Issue 10.18: which device line a dropped certificate is for, from its file name. */
test.group('Bulk certificate upload | matching file names to device lines', () => {
  test('a certificate number in the name, with any separators and case', ({ assert }) => {
    assert.deepEqual(pick(['KAL-PK-008.pdf', 'sertifikat kal_pk_009 final.PDF']), [
      [1, 'Nomor sertifikat'],
      [2, 'Nomor sertifikat'],
    ])
  })

  test('a serial number as whole words, or as one run of letters and digits', ({ assert }) => {
    assert.deepEqual(pick(['Tensimeter SN-12-10.pdf', 'sn121.pdf', 'a77.pdf']), [
      [2, 'Nomor seri'],
      [1, 'Nomor seri'],
      [3, 'Nomor seri'],
    ])
  })

  test('part of a word is no match: SN-12-100 is neither SN-12-1 nor SN-12-10', ({ assert }) => {
    const [match] = matchFileNames(['SN-12-100.pdf'], LINES)
    assert.isNull(match.device_id)
    assert.match(match.note!, /tidak memuat nomor sertifikat atau nomor seri/)
    // Nor is the extension read as part of the number.
    assert.deepEqual(pick(['A77pdf.pdf']), [[null, null]])
  })

  test('the certificate number wins over a serial number of another line', ({ assert }) => {
    assert.deepEqual(pick(['KAL-PK-009 (SN-12-1).pdf']), [[2, 'Nomor sertifikat']])
  })

  test('a name that fits several lines, or a line already taken, is left for the user', ({
    assert,
  }) => {
    const twins: MatchableLine[] = [
      { id: 7, certificate_number: null, serial_number: 'X1' },
      { id: 8, certificate_number: null, serial_number: 'X1' },
    ]
    const [ambiguous] = matchFileNames(['X1.pdf'], twins)
    assert.isNull(ambiguous.device_id)
    assert.match(ambiguous.note!, /cocok dengan 2 alat/)

    const [first, second] = matchFileNames(['KAL-PK-008.pdf', 'SN-12-1 lagi.pdf'], LINES)
    assert.equal(first.device_id, 1)
    assert.isNull(second.device_id)
    assert.isNull(second.matched_by)
    assert.equal(
      second.note,
      'Alat yang sama sudah dipasangkan dengan KAL-PK-008.pdf; pilih alatnya.'
    )
  })
})
