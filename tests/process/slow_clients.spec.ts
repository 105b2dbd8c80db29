import { connect } from 'node:net'
import { request as httpRequest } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import {
  Browser,
  HOST,
  sharedThrowawayDatabase,
  startServer,
  type Answer,
  type RunningServer,
} from '#tests/helpers/app_process'

const REQUEST_TIMEOUT_MS = 2000

/**
 * A client that sends a request's headers and then its body one byte at a time, `everyMs`
 * apart, until the server answers or closes; what it got back and how many body bytes it sent.
 */
function drippingClient(port: number, everyMs: number) {
  const body = 'email=lambat%40uji.kalibra.test&password=' + 'x'.repeat(200)
  return new Promise<{ answer: string; sent: number; total: number }>((resolve, reject) => {
    const socket = connect(port, HOST)
    let answer = ''
    let sent = 0
    let timer: NodeJS.Timeout | undefined
    socket.on('error', reject)
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')))
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ answer, sent, total: body.length })
    })
    socket.on('connect', () => {
      socket.write(
        `POST /auth/verify HTTP/1.1\r\nHost: ${HOST}:${port}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`
      )
      timer = setInterval(() => {
        if (sent < body.length && socket.writable) socket.write(body[sent++])
      }, everyMs)
    })
  })
}

/** A sign-in whose form (padded to `size` bytes) is sent in `parts` pieces, `everyMs` apart. */
async function steadySignIn(port: number, size: number, parts: number, everyMs: number) {
  const browser = new Browser(port)
  await browser.visit('/login')
  const prepared = browser.prepare({
    form: {
      email: 'stabil@uji.kalibra.test',
      password: 'salah-sekali',
      note: 'x'.repeat(size),
    },
    headers: { referer: '/login' },
  })
  const body = Buffer.from(prepared.body)
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: HOST,
        port,
        method: 'POST',
        path: '/auth/verify',
        headers: prepared.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        )
      }
    )
    outgoing.on('error', reject)
    outgoing.flushHeaders()
    void (async () => {
      const piece = Math.ceil(body.length / parts)
      for (let at = 0; at < body.length; at += piece) {
        outgoing.write(body.subarray(at, at + piece))
        await sleep(everyMs)
      }
      outgoing.end()
    })().catch(reject)
  })
}

/**
 * Issue 33, point 8: a client that drips its body (slow loris) is answered 408 once the
 * request timeout (HTTP_REQUEST_TIMEOUT_MS, 2 s here) has passed, instead of holding its
 * connection for Node's 300 s; a client sending at a steady rate within it is served.
 */
test.group('Slow clients | request timeout', (group) => {
  let server: RunningServer

  group.setup(async () => {
    const throwaway = await sharedThrowawayDatabase()
    server = await startServer(throwaway, {
      workers: 1,
      env: {
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_HEADERS_TIMEOUT_MS: '1000',
      },
    })
    return async () => {
      if (server.child.exitCode === null) server.child.kill('SIGTERM')
      await server.exited
    }
  })

  test('a body dripped one byte a second is cut with 408 Request Timeout', async ({ assert }) => {
    const started = Date.now()
    const { answer, sent, total } = await drippingClient(server.port, 1000)
    const took = Date.now() - started
    assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/)
    assert.include(answer, 'Waktu permintaan habis.')
    assert.isBelow(sent, total, 'cut before the body was complete')
    // Node's default would have held it for 300 s (checked only every 30 s).
    assert.isBelow(took, REQUEST_TIMEOUT_MS + 4000, `cut after ${took} ms`)
  }).timeout(30_000)

  test('a body sent steadily within the timeout is served', async ({ assert }) => {
    // 20 KB in 20 pieces over about a second.
    const answer = await steadySignIn(server.port, 20_000, 20, 50)
    assert.equal(answer.status, 302, answer.body.slice(0, 300))
    assert.equal(answer.headers.location, '/login')
  }).timeout(30_000)
})
