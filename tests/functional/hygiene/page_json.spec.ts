import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeFacility } from '#tests/functional/master_data/_support'
import { makeOrder, userByEmail } from '#tests/functional/internal_orders/_support'
import { pageJsonForHtml } from '#services/inertia_root'

/**
 * Issue 8, point 8: the initial page JSON embedded in the HTML must survive
 * any text in the props. `<!--<script>` inside a script element switches the
 * HTML parser into a state where `</script>` no longer closes it: the page
 * stays blank on its first load.
 */
const HOSTILE = 'RS <!--<script> Uji </script> & <b>"kutip"</b> \u2028\u2029 > selesai'

/** The text of the page script element, as an HTML parser ends it (the first `</script>`). */
function pageScript(html: string) {
  const open = '<script data-page="app" type="application/json">'
  const start = html.indexOf(open)
  if (start < 0) throw new Error('no page script element')
  const from = start + open.length
  return html.slice(from, html.indexOf('</script>', from))
}

test.group('Page JSON in HTML', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a facility name with <!--<script> and </script> reaches the order page JSON intact and without a raw <', async ({
    client,
    assert,
  }) => {
    const { facility, account } = await makeFacility({ fasyankesName: HOSTILE })
    const { order } = await makeOrder({ fasyankesId: facility.id })

    for (const [user, path] of [
      [account, '/profile'],
      [account, `/internal/${order.id}/detail`],
      [await userByEmail('admin_pk@kalibra.test'), `/internal/${order.id}/detail`],
    ] as const) {
      const response = await client.get(path).loginAs(user)
      response.assertStatus(200)
      const script = pageScript(response.text())
      assert.notInclude(script, '<', `${path}: a raw < in the page script`)
      assert.notInclude(script, '>', `${path}: a raw > in the page script`)
      assert.notMatch(script, /[\u2028\u2029]/, `${path}: a raw line separator`)
      const page = JSON.parse(script)
      assert.include(JSON.stringify(page.props), JSON.stringify(HOSTILE).slice(1, -1), path)
      if (user.id === account.id) assert.equal(page.props.auth.user.name, HOSTILE)
    }
  })

  test('the escaped JSON parses back to the same value for every character HTML treats specially', ({
    assert,
  }) => {
    const value = { a: HOSTILE, b: ['</SCRIPT>', '<!--', '-->', '&amp;', '/', '\u2028'], c: 1 }
    const json = pageJsonForHtml(value)
    assert.notMatch(json, /[<>&\u2028\u2029]/)
    assert.deepEqual(JSON.parse(json), value)
  })
})
