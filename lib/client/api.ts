// The one way the browser calls this app's API: same-origin requests with the session cookie,
// JSON in and out (or a form, for uploads). A failed answer throws an ApiError whose message is
// the server's text or 'Request failed with status N'; errorMessage() turns any failure into the
// text a member is shown.

/** Shown when a failure carries no text of the server's. */
export const GENERIC_ERROR = "Something went wrong. Please try again.";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    /** The text the server sent (`{error}` or `{message}`), if any. */
    readonly serverText: string | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Calls `path` on this origin (a path such as "/api/filters", never another host) and returns
 * the answer's JSON (null for an empty answer). Throws ApiError for a non-2xx answer, and the
 * fetch's TypeError when the network fails.
 */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  body?: unknown,
): Promise<T> {
  if (!path.startsWith("/") || path.startsWith("//")) {
    throw new Error(`not a same-origin path: ${path}`);
  }
  const form = body instanceof FormData;
  const res = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined || form
      ? { accept: "application/json" }
      : { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const serverText = textOf(data);
    throw new ApiError(
      serverText ?? `Request failed with status ${res.status}`,
      res.status,
      data,
      serverText,
    );
  }
  return data as T;
}

export const getJson = <T = unknown>(path: string): Promise<T> => apiRequest<T>("GET", path);

export const postJson = <T = unknown>(path: string, body?: unknown): Promise<T> =>
  apiRequest<T>("POST", path, body);

/** The server's text in an error answer: its `message`, else its `error`. */
function textOf(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const { message, error } = data as { message?: unknown; error?: unknown };
  if (typeof message === "string" && message) return message;
  return typeof error === "string" && error ? error : null;
}

/**
 * The text to show for a failed call: the server's own text when it sent one, else `fallback`
 * (a network failure, a server that answered without a text, any other error).
 */
export function errorMessage(err: unknown, fallback: string = GENERIC_ERROR): string {
  return err instanceof ApiError && err.serverText ? err.serverText : fallback;
}

/** The HTTP status of a failed call, or null when no answer came (a network failure). */
export function statusOf(err: unknown): number | null {
  return err instanceof ApiError ? err.status : null;
}
