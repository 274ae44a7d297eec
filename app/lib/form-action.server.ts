import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { ApiFailure, type BodyOf } from "./api.server.ts";
import { fieldNames, type Endpoint } from "../../contract/shared/endpoint.ts";
import { flashCookie } from "./flash.server.ts";
import { setCookie } from "./request.server.ts";

/**
 * The one way a web action handles what the API says to its call (requirements §8):
 *
 *     const sent = await attempt(saveTaste(api, body));
 *     if (!sent.ok) return refused(sent.failure, { values });
 *     return done(context, "口味已保存", "/user/temperament");
 *
 * `attempt` turns the API's refusal (bad input, a rule, a limit, a missing thing) into a value and lets anything
 * else (the API away, a bug) reach the error page. A refusal comes back to the form that was sent (`refused`: the
 * message, the fields' errors and what the form needs to be drawn again, with the API's own status) or as a toast
 * on the page one is sent back to (`toastAndGo`).
 */
export type Attempt<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

export async function attempt<T>(call: Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await call };
  } catch (err) {
    if (err instanceof ApiFailure) return { ok: false, failure: err };
    throw err;
  }
}

/** What every refused form gets: the message and each field's error. */
export type Refusal = { message: string; fieldErrors: Record<string, string> };

/** The form drawn again with the API's message and field errors, and `extra` (what was typed, a new captcha). */
export function refused<X extends object>(failure: ApiFailure, extra: X) {
  const refusal: Refusal = { message: failure.message, fieldErrors: failure.fieldErrors ?? {} };
  return data({ ...extra, ...refusal }, { status: failure.status >= 400 ? failure.status : 400 });
}

/** Done: a success toast, and back to `to` (a plain redirect, so it works without JavaScript). */
export function done(context: Readonly<RouterContextProvider>, text: string, to: string) {
  setCookie(context, flashCookie({ kind: "success", text }));
  return redirect(to);
}

/** Refused where there is no form to draw again: the message as a toast on the page one goes back to. */
export function toastAndGo(context: Readonly<RouterContextProvider>, failure: ApiFailure, to: string) {
  setCookie(context, flashCookie({ kind: "error", text: failure.message }));
  return redirect(to);
}

/**
 * The fields a schema of the contract names, picked from a posted form as text (a missing one as ""), so an action
 * sends what the API takes without copying its field names by hand.
 */
export function fieldsOf<S extends z.ZodObject>(form: FormData, schema: S): Record<keyof S["shape"] & string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = form.get(name);
    out[name] = typeof value === "string" ? value : "";
  }
  return out as Record<keyof S["shape"] & string, string>;
}

/**
 * The body an endpoint declares, taken from a posted form: each declared field as its text (a repeated one as a
 * list, files and absent ones left out), nothing else the form carried (its intent, where to go back to).
 */
export function formBody<E extends Endpoint>(endpoint: E, form: FormData): BodyOf<E> {
  const out: Record<string, string | string[]> = {};
  for (const name of endpoint.body ? (fieldNames(endpoint.body) ?? []) : []) {
    const values = form.getAll(name).filter((v): v is string => typeof v === "string");
    if (values.length) out[name] = values.length === 1 ? values[0]! : values;
  }
  return out as BodyOf<E>;
}
