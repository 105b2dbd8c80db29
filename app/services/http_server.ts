import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { httpTimeoutSettings } from '#config/app'
import { securityHeaders } from '#services/security_headers'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

const EARLY_ERROR_MESSAGES: Record<number, string> = {
  400: 'Permintaan tidak valid.',
  408: 'Waktu permintaan habis.',
  413: 'Permintaan terlalu besar.',
  431: 'Header permintaan terlalu besar.',
}

function earlyStatus(code: string | undefined) {
  if (code === 'HPE_HEADER_OVERFLOW') return 431
  if (code === 'HPE_CONTENT_LENGTH_TOO_LARGE') return 413
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
  return 400
}

/**
 * What Node answers itself, before AdonisJS sees the request (oversized headers,
 * a malformed request line, a timeout), carries the same security headers as
 * every other response and a short Indonesian body.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  const inResponse = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || inResponse?.headersSent) {
    socket.destroy()
    return
  }
  const status = earlyStatus(error.code)
  const body = EARLY_ERROR_MESSAGES[status]
  const headers = {
    ...securityHeaders('encrypted' in socket && Boolean(socket.encrypted)),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Connection': 'close',
  }
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`)
}

export interface AppHttpServer {
  server: ReturnType<typeof createServer>
  /**
   * Call before `server.close()` (the app's terminating hook): the requests in
   * flight finish and answer with `Connection: close`, and each keep-alive
   * connection closes once idle, so `close()` completes as soon as the last
   * request is done instead of waiting for keep-alive timeouts.
   */
  drain(): void
}

/**
 * The longest a client may take to send a whole request (HTTP_REQUEST_TIMEOUT_MS) and its
 * headers (HTTP_HEADERS_TIMEOUT_MS); past either, Node answers 408 and closes the connection
 * (answerClientError). The request default lets the largest file a facility uploads (5 MB, a
 * letter or a proof of payment) through a 256 kbit/s line (5 × 1,048,576 × 8 / 256,000 = 164 s),
 * and a full 20 MB request through 1 Mbit/s (168 s); a client dripping its body (slow loris)
 * holds its connection no longer. An idle keep-alive connection closes after 5 s.
 */
export const REQUEST_TIMEOUT_MS = 180_000
export const HEADERS_TIMEOUT_MS = 20_000
export const KEEP_ALIVE_TIMEOUT_MS = 5_000

export function httpTimeouts() {
  const requestTimeout = Math.max(1, httpTimeoutSettings.requestMs ?? REQUEST_TIMEOUT_MS)
  // Node refuses a headers timeout above the request timeout.
  const headersTimeout = Math.min(
    requestTimeout,
    Math.max(1, httpTimeoutSettings.headersMs ?? HEADERS_TIMEOUT_MS)
  )
  return {
    requestTimeout,
    headersTimeout,
    keepAliveTimeout: Math.min(KEEP_ALIVE_TIMEOUT_MS, headersTimeout),
    // Node looks for connections past these timeouts every 30 s by default: a 20 s limit would
    // hold up to 50 s. Looked at often enough that a limit holds within a quarter of itself.
    connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(headersTimeout / 4))),
  }
}

/** The Node HTTP server of the app (bin/server.ts, and the in-process test server). */
export function createAppHttpServer(handler: Handler): AppHttpServer {
  const inFlight = new Set<ServerResponse>()
  let draining = false
  const { keepAliveTimeout, ...timeouts } = httpTimeouts()

  const server = createServer(timeouts, (request, response) => {
    inFlight.add(response)
    response.once('close', () => inFlight.delete(response))
    if (draining) {
      response.shouldKeepAlive = false
      response.once('finish', () => server.closeIdleConnections())
    }
    handler(request, response)
  })
  server.keepAliveTimeout = keepAliveTimeout
  server.on('clientError', answerClientError)

  return {
    server,
    drain() {
      if (draining) return
      draining = true
      for (const response of inFlight) {
        if (!response.headersSent) response.shouldKeepAlive = false
        response.once('finish', () => server.closeIdleConnections())
      }
    },
  }
}
