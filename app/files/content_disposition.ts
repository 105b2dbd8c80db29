/**
 * A `Content-Disposition` header for a stored file (RFC 6266): `attachment` for an upload, so a
 * browser saves it and never renders it from the app's origin, `inline` for a document the app
 * drew. The name is given twice: `filename` in plain ASCII (anything else becomes `_`) for old
 * clients, and `filename*` with the original name in UTF-8, percent-encoded (RFC 5987).
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string) {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'berkas'
  const ascii = clean.replace(/[^\w.\- ]/g, '_')
  // RFC 5987's attr-char leaves out ' ( ) * as well, which encodeURIComponent keeps.
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
