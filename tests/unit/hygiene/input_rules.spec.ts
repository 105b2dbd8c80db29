import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { cleanInput, cleanText } from '#services/control_characters'
import { number, rupiah } from '#validators/rules/number'

/** Issue 8, points 9 and 10: the two shared input rules, on their own. */

test.group('Input rules | control characters', () => {
  test('C0 characters and DEL are removed; tab, LF and CR become spaces outside textareas', ({
    assert,
  }) => {
    assert.equal(cleanText('a\u0000b\u001bc\u007fd\u0008e'), 'abcde')
    assert.equal(cleanText('Jl. A\r\nNo. 1\tB\nC'), 'Jl. A No. 1 B C')
    assert.equal(cleanText('baris 1\r\nbaris\t2\u0000', true), 'baris 1\r\nbaris\t2')
    // Printable text, including non-ASCII, is left alone.
    assert.equal(cleanText('RS <Sehat> & Ümit — 😀'), 'RS <Sehat> & Ümit — 😀')
  })

  test('bodies are walked (arrays, nested and prototype-less objects); textarea fields keep line breaks; files and numbers are untouched', ({
    assert,
  }) => {
    const file = new (class MultipartFile {
      clientName = 'a\u0000.pdf'
    })()
    const body = Object.assign(Object.create(null), {
      name: 'A\u0000B\nC',
      order_description: 'satu\u001b\ndua',
      alkes: [{ description: 'x\u0000y', quantity: 2 }],
      tags: ['p\u0007q'],
      letter: file,
      ok: true,
    })
    assert.deepEqual(cleanInput(body), {
      name: 'AB C',
      order_description: 'satu\ndua',
      alkes: [{ description: 'xy', quantity: 2 }],
      tags: ['pq'],
      letter: file,
      ok: true,
    })
    assert.equal(file.clientName, 'a\u0000.pdf')
  })
})

test.group('Input rules | numbers', () => {
  const numbers = vine.create({ value: number().optional() })
  const amounts = vine.create({ value: rupiah().optional() })
  /** What the rule makes of a value: the number, or the rule that refused it. */
  const outcome = async (validator: typeof numbers, value: unknown) => {
    try {
      const output = await validator.validate({ value })
      return { ok: output.value }
    } catch (error: any) {
      return { error: error.messages[0].rule }
    }
  }
  const check = (value: unknown) => outcome(numbers, value)
  const read = (value: unknown) => outcome(amounts, value)

  test('numbers and numeric text pass; arrays, booleans, objects and blank text are not numbers', async ({
    assert,
  }) => {
    assert.deepEqual(await check(5), { ok: 5 })
    assert.deepEqual(await check('12.5'), { ok: 12.5 })
    assert.deepEqual(await check(' 7 '), { ok: 7 })
    assert.deepEqual(await check(undefined), { ok: undefined })
    for (const value of [[], [5], ['5'], true, false, {}, { value: 5 }, ' ', 'abc'])
      assert.deepEqual(await check(value), { error: 'number' }, JSON.stringify(value))
  })

  test('only plain decimal text is a number: hex, exponents, binary, Infinity and underscores are refused', async ({
    assert,
  }) => {
    assert.deepEqual(await check('-3'), { ok: -3 })
    assert.deepEqual(await check('12,5'), { ok: 12.5 })
    assert.deepEqual(await check(',5'), { ok: 0.5 })
    assert.deepEqual(await check('007'), { ok: 7 })
    for (const value of [
      '0x10',
      '1e3',
      '1E3',
      '0b11',
      '0o7',
      'Infinity',
      '-Infinity',
      'NaN',
      '1_000',
      '1.2.3',
      '1,2,3',
      '12.',
      '+',
      '5 5',
      '1.500.000',
      Number.POSITIVE_INFINITY,
    ])
      assert.deepEqual(await check(value), { error: 'number' }, String(value))
  })

  test('rupiah amounts are whole numbers, plain or grouped by points as the form shows them', async ({
    assert,
  }) => {
    assert.deepEqual(await read('1.500.000'), { ok: 1_500_000 })
    assert.deepEqual(await read('1500000'), { ok: 1_500_000 })
    assert.deepEqual(await read(350000), { ok: 350_000 })
    assert.deepEqual(await read('1.5'), { error: 'withoutDecimals' })
    for (const value of ['0x10', '1e6', '1.50.000', '1.500.00'])
      assert.notProperty(await read(value), 'ok', String(value))
  })

  test('no validator or list filter asks for a number any other way than number()', async ({
    assert,
  }) => {
    const offenders: string[] = []
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) await walk(path)
        else if (
          entry.name.endsWith('.ts') &&
          path !== join('app', 'validators', 'rules', 'number.ts')
        ) {
          const source = await readFile(path, 'utf8')
          if (/vine\s*\.\s*number\s*\(/.test(source)) offenders.push(path)
        }
      }
    }
    await walk('app')
    assert.deepEqual(offenders, [])
  })
})
