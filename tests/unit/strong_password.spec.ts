import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import {
  MIN_PASSWORD_SCORE,
  WEAK_PASSWORD_MESSAGE,
  isStrongPassword,
  newPasswordRule,
  userInputsOf,
} from '#validators/rules/strong_password'

/** The account the passwords below belong to: its name and email count as guesses. */
const ACCOUNT = ['Budi Santoso, S.T.', 'budi.santoso@kalibra.test']

test.group('Password strength rule (zxcvbn-ts)', () => {
  test('refuses common and trivially weak passwords: {$self}')
    .with([
      'password123',
      'kalibra123',
      'kalibra2026',
      '12345678',
      'qwertyui',
      'P@ssw0rd2026',
      'rahasia123',
      'Budi1985',
      'budi1985!',
      'BudiSantoso1985',
      'budi santoso 1985',
      'Santoso1985',
    ])
    .run(async ({ assert }, password) => {
      assert.isFalse(await isStrongPassword(password, ACCOUNT))
    })

  test('accepts a decent passphrase: {$self}')
    .with([
      'Kuda-Lari-Pagi-2026',
      'kuda merah lompat jauh',
      'Kopi Pahit Pagi 7',
      'Pisang-Goreng-Manis-42',
      'hujan deras sore',
      'MejaBiruTua77',
    ])
    .run(async ({ assert }, password) => {
      assert.isTrue(await isStrongPassword(password, ACCOUNT))
    })

  test('the account’s own name counts: a password fine for one user is weak for the namesake', async ({
    assert,
  }) => {
    assert.isTrue(await isStrongPassword('BudiSantoso2026', []))
    assert.isFalse(await isStrongPassword('BudiSantoso2026', ACCOUNT))
  })

  test('names and emails become guessable words (titles and the mail domain left out)', ({
    assert,
  }) => {
    assert.includeMembers(userInputsOf(ACCOUNT), ['budi', 'santoso', 'budisantoso', 'budi santoso'])
    assert.notInclude(userInputsOf(ACCOUNT), 'kalibra')
    assert.deepEqual(userInputsOf([null, 42, '  ']), [])
  })

  test('the threshold is zxcvbn score 3', ({ assert }) => {
    assert.equal(MIN_PASSWORD_SCORE, 3)
  })

  test('as a VineJS rule: the Indonesian message under the field, with sibling fields as guesses', async ({
    assert,
  }) => {
    const validator = vine.create({
      name: vine.string(),
      password: newPasswordRule({ fields: ['name'] }),
    })
    await assert.rejects(async () => {
      try {
        await validator.validate({ name: 'Citra Lestari', password: 'CitraLestari2024' })
      } catch (error: any) {
        assert.deepEqual(error.messages, [
          { field: 'password', message: WEAK_PASSWORD_MESSAGE, rule: 'strongPassword' },
        ])
        throw error
      }
    })
    const valid = await validator.validate({
      name: 'Citra Lestari',
      password: 'Kuda-Lari-Pagi-2026',
    })
    assert.equal(valid.password, 'Kuda-Lari-Pagi-2026')
  })
})
