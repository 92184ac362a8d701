// The one error type the HTTP layer maps to a response: a status and the member's message. Domain
// code throws it (or a subclass) and `app.onError` responds with it: `{error, message}` on /api
// paths; on pages a 401 becomes a redirect to /auth and a 403 the 'Access Denied' page.
// Nothing here depends on Hono, so server modules can throw it without knowing about HTTP.

import type { Said } from "../../shared/i18n/said.ts";

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 414 | 422 | 429 | 503;

export class AppError extends Error {
  /** More fields of the JSON answer on /api paths, beside `error` and `message`. */
  extra: Record<string, unknown> = {};

  constructor(
    readonly status: ErrorStatus,
    /** What the member is told (in the response's language; dates it names, in UTC). */
    readonly said: Said,
    /** Response headers the response carries, e.g. Retry-After with a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    // The message's name, for logs and stack traces.
    super(said.name);
    this.name = "AppError";
  }
}

/** Retry-After (seconds) of a write the store refused. */
export const STORAGE_RETRY_AFTER_S = 30;
