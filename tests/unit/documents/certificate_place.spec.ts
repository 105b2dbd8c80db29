import { test } from '@japa/runner'
import { placeOf } from '#documents/certificates/certificate_pdf'

test.group('Certificate | where the work was done (issue 35, item 14)', () => {
  test('the room is named once, whatever the officer typed', ({ assert }) => {
    assert.equal(placeOf('RSUD Daya', 'Ruang ICU'), 'RSUD Daya, Ruang ICU')
    assert.equal(placeOf('RSUD Daya', 'ruangan operasi 2'), 'RSUD Daya, ruangan operasi 2')
    assert.equal(placeOf('RSUD Daya', 'ICU'), 'RSUD Daya, ruang ICU')
    assert.equal(placeOf('RSUD Daya', 'Ruangguru'), 'RSUD Daya, ruang Ruangguru')
    assert.equal(placeOf('Laboratorium Kalibrasi', null), 'Laboratorium Kalibrasi')
    assert.equal(placeOf('Laboratorium Kalibrasi', '  '), 'Laboratorium Kalibrasi')
  })
})
