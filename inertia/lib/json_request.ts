/** The CSRF token the server set in the XSRF-TOKEN cookie, for JSON calls outside Inertia. */
function xsrfToken() {
  const cookie = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='))
  return cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : ''
}

/**
 * A JSON call answered with JSON (spec part 1 section 8): the body on success, otherwise the
 * first `serial_number`-style field error, the server's message, or a network message.
 */
export async function requestJson<T>(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {}
): Promise<{ ok: true; body: T } | { ok: false; message: string; body?: any }> {
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        'Accept': 'application/json',
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': xsrfToken(),
      },
      credentials: 'same-origin',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const body = await response.json().catch(() => null)
    if (response.ok && body?.success !== false) return { ok: true, body }
    if (response.status === 422) {
      const first = body?.errors && Object.values(body.errors as Record<string, string[]>)[0]?.[0]
      return { ok: false, message: first ?? body?.message ?? 'Terjadi kesalahan validasi', body }
    }
    return { ok: false, message: body?.message ?? 'Network response was not ok', body }
  } catch {
    return { ok: false, message: 'Network response was not ok' }
  }
}
