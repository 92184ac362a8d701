// Request validation: one thin wrapper over @hono/zod-validator. A schema's own texts are named
// messages carried in zod's strings (`carried(said(…))`, given with `error:` or as a check's
// message) and reach the member in the response's language; any other problem (a missing or
// unknown field, a wrong type, malformed JSON, a body that is not JSON, a plain text that names
// no message) gets the route's fallback message. The body size limit applies before anything is
// read.
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { AppError, type ErrorStatus } from "./errors.ts";
import { fromCarried, type Said, said } from "../../shared/i18n/said.ts";

type Target = "json" | "form" | "query" | "param";

/** The largest JSON body any API takes (the longest, a report's details, is about 8 KB). */
export const JSON_BODY_MAX = 32 * 1024;

export interface ValidateOptions {
  /** The text for problems the schema has no text of its own for. */
  fallback?: Said;
  /** The status of a refusal: 400, or 404 for an id that names nothing. */
  status?: ErrorStatus;
  /** Body targets: the most bytes read; more returns 413 with `tooLarge`. */
  maxBytes?: number;
  tooLarge?: Said;
  /** Validates only when this holds (a route taking either a form or JSON has one of each). */
  when?: (c: Context) => boolean;
}

const FALLBACK: Record<Target, Said> = {
  json: said("texts.invalidBody"),
  form: said("texts.invalidBody"),
  query: said("texts.invalidQuery"),
  param: said("texts.notFound"),
};

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

function mediaType(c: Context): string {
  return (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/** True for a body declared JSON (`application/json`, or `application/…+json`). */
export function isJsonType(c: Context): boolean {
  return JSON_TYPE.test(mediaType(c));
}

/** True for a form post (what a page's <form> sends); false for JSON and anything else. */
export function isFormPost(c: Context): boolean {
  return FORM_TYPES.has(mediaType(c));
}

/**
 * Reads the body once, so that a body of the wrong type or one that does not parse is refused
 * with the route's text (the validator reads it again from Hono's cache).
 */
async function readBody(c: Context, target: "json" | "form", refuse: () => never) {
  if (target === "json" ? !isJsonType(c) : !isFormPost(c)) refuse();
  try {
    await (target === "json" ? c.req.json() : c.req.formData());
  } catch (err) {
    // A body cut off at the app-wide size limit is "too large", not "malformed".
    if (err instanceof AppError) throw err;
    refuse();
  }
}

/**
 * Validates one part of the request against a zod schema; handlers read the result with
 * `c.req.valid(target)`. A refusal is thrown as an AppError, which `app.onError` turns into the response.
 */
export function validate<T extends z.ZodType, Tg extends Target>(
  target: Tg,
  schema: T,
  options: ValidateOptions = {},
) {
  const fallback = options.fallback ?? FALLBACK[target];
  const status = options.status ?? 400;
  const refuse = (text: Said = fallback): never => {
    throw new AppError(status, text);
  };
  const check = zValidator(target, schema, undefined, {
    validationFunction: async (s, value) => {
      const result = await s.safeParseAsync(value);
      if (!result.success) {
        // A schema's own text is a message `carried` in its string; any other problem (and a
        // plain text, which names no message) gets the route's fallback.
        refuse(fromCarried(result.error.issues[0]?.message) ?? fallback);
      }
      // zod-validator types this result per zod major version; ours is zod 4's.
      return result as never;
    },
  });
  const limit = bodyLimit({
    maxSize: options.maxBytes ?? JSON_BODY_MAX,
    onError: () => {
      throw new AppError(413, options.tooLarge ?? said("texts.tooLarge"));
    },
  });
  const guarded: typeof check = async (c, next) => {
    if (options.when && !options.when(c)) return await next();
    if (target !== "json" && target !== "form") return await check(c, next);
    let response: Response | void = undefined;
    await limit(c, async () => {
      await readBody(c, target as "json" | "form", refuse);
      response = await check(c, next);
    });
    return response;
  };
  return guarded;
}
