import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import { rm, writeFile, mkdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { demoUser } from '#tests/helpers/accounts'

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
]

/** Sends raw bytes to the test server and returns the whole raw answer. */
function rawRequest(bytes: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(process.env.PORT), process.env.HOST ?? 'localhost')
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
    socket.write(bytes)
  })
}

function parse(raw: string) {
  const [head, ...body] = raw.split('\r\n\r\n')
  const [statusLine, ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const at = line.indexOf(':')
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.join('\r\n\r\n') }
}

test.group('Headers | errors Node answers before the app', () => {
  test('oversized headers: 431 with the security headers, no-store and a short message', async ({
    assert,
  }) => {
    const raw = await rawRequest(
      `GET /login HTTP/1.1\r\nHost: localhost\r\nX-Besar: ${'a'.repeat(40_000)}\r\n\r\n`
    )
    const answer = parse(raw)
    assert.equal(answer.status, 431)
    for (const name of SECURITY_HEADERS) assert.property(answer.headers, name)
    assert.equal(answer.headers['cache-control'], 'no-store')
    assert.equal(answer.headers['x-frame-options'], 'SAMEORIGIN')
    assert.equal(answer.body, 'Header permintaan terlalu besar.')
  })

  test('a malformed request line: 400 with the same headers', async ({ assert }) => {
    const answer = parse(await rawRequest('GET /login HTTP/1.1 sampah\r\nHost: x\r\n\r\n'))
    assert.equal(answer.status, 400)
    for (const name of SECURITY_HEADERS) assert.property(answer.headers, name)
    assert.equal(answer.headers['cache-control'], 'no-store')
    assert.equal(answer.body, 'Permintaan tidak valid.')
  })
})

test.group('Headers | Cache-Control', () => {
  test('pages, JSON, downloads, redirects and error pages are never stored', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_pk')
    const answers = {
      'guest page': await client.get('/login'),
      'signed-in page': await client.get('/profile').loginAs(admin),
      'datatable JSON': await client.get('/officer/datatable').loginAs(admin),
      'Excel download': await client.get('/officer/print/excel').loginAs(admin),
      'redirect': await client.get('/dashboard').redirects(0),
      'error page': await client.get('/tidak-ada-halaman-ini'),
    }
    assert.equal(answers['datatable JSON'].status(), 200)
    assert.equal(answers['Excel download'].status(), 200)
    assert.equal(answers['redirect'].status(), 302)
    assert.equal(answers['error page'].status(), 404)
    for (const [what, response] of Object.entries(answers)) {
      assert.equal(response.header('cache-control'), 'no-store', what)
      assert.equal(response.header('x-content-type-options'), 'nosniff', what)
    }
  })

  test('fingerprinted assets keep a year-long cache; a missing one is a no-store 404', async ({
    client,
    assert,
  }) => {
    const name = `uji-${randomBytes(4).toString('hex')}.js`
    await mkdir(app.publicPath('assets'), { recursive: true })
    await writeFile(app.publicPath('assets', name), 'export {}\n')
    try {
      const asset = await client.get(`/assets/${name}`)
      assert.equal(asset.status(), 200)
      assert.equal(asset.header('cache-control'), 'public, max-age=31536000, immutable')
      assert.equal(asset.header('x-content-type-options'), 'nosniff')

      const missing = await client.get(`/assets/tidak-ada-${name}`)
      assert.equal(missing.status(), 404)
      assert.equal(missing.header('cache-control'), 'no-store')
    } finally {
      await rm(app.publicPath('assets', name), { force: true })
    }
  })
})
