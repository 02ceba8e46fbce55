/**
 * The one Content-Security-Policy both hosts send: only our own scripts; pdf.js runs its worker from
 * our origin or a blob; canvases and fonts pdf.js creates need `data:`/`blob:`; nothing remote.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
