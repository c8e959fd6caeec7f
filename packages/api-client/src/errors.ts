/** Error text exactly as the spec's catalogue: server `error` or `message`, else 'HTTP {status}: {statusText}'. */
export function httpErrorMessage(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.error === 'string' && b.error) return b.error;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return `HTTP ${status}: ${statusText}`;
}
