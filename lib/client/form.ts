// One hook for every form of the islands: the values, whether a submit was tried (every field then
// shows its problem), the form's alert, the server's texts about single fields (shown beside them
// until their value changes), a request under way, and the focus on the field a problem is about.
// The state changes are plain functions and constants (changed, edited, refusal, SENDING, RESET,
// serverField, firstProblem), tested without a browser in tests/unit/form_test.ts. Whether one
// field was left (its "touched" state) stays in components/FormField.tsx: it starts again whenever
// the field is shown again. The fields come bound to the form by components/FormInput.tsx.
import { useState } from "react";
import { fieldOfServerText } from "../shared/auth/rules.ts";

/** A form's values by field name: text fields and checkboxes. */
export type FormValues = Record<string, string | boolean>;

export interface FormState<V extends FormValues> {
  values: V;
  /** The form's alert (role=alert): a rule's text or the server's; "" shows none. */
  error: string;
  /** A submit was tried: fields show every problem, not only those more typing cannot fix. */
  submitted: boolean;
  /** The server's text about one field, keyed by the field's name. */
  serverErrors: Record<string, string>;
  /** A request is under way. */
  busy: boolean;
}

/** A change to a form's state: the parts it names, `values` merged into the values. */
export type FormChange<V extends FormValues> = Partial<Omit<FormState<V>, "values">> & {
  values?: Partial<V>;
};

/** A fresh start (another tab): no alert, no server texts, no submit tried. */
export const RESET = { error: "", serverErrors: {}, submitted: false } as const;

export function initialFormState<V extends FormValues>(values: V): FormState<V> {
  return { ...RESET, values, busy: false };
}

/** The state after `change`: the parts it names replaced, its values merged into the values. */
export function changed<V extends FormValues>(
  state: FormState<V>,
  change: FormChange<V>,
): FormState<V> {
  return { ...state, ...change, values: { ...state.values, ...change.values } };
}

/** One value changed: the server's text about that field no longer applies. */
export function edited<V extends FormValues, K extends keyof V>(
  state: FormState<V>,
  field: K,
  value: V[K],
): FormState<V> {
  const { [field as string]: _, ...serverErrors } = state.serverErrors;
  return { ...state, values: { ...state.values, [field]: value }, serverErrors };
}

/** The server refused: its text in the alert, and beside `field` when it is about one. */
export function refusal<V extends FormValues>(
  text: string,
  field: string | null,
): FormChange<V> {
  return field ? { error: text, serverErrors: { [field]: text } } : { error: text };
}

/** The request leaves: no alert, no server texts (the answer brings its own), busy. */
export const SENDING = { error: "", serverErrors: {}, busy: true } as const;

/**
 * The field a server's text is about (`fieldOfServerText`, renamed by `rename` where the form
 * calls it otherwise), or null.
 */
export function serverField(text: string, rename: Record<string, string> = {}): string | null {
  const known = fieldOfServerText(text);
  return known && (rename[known] ?? known);
}

/** The first of the rules' verdicts that is a problem, in the order given. */
export function firstProblem<P>(
  verdicts: [field: string, problem: P | null][],
): [field: string, problem: P] | undefined {
  return verdicts.find(([, problem]) => problem) as [string, P] | undefined;
}

/** Moves focus to a field (by id) once the browser has painted its problem. */
export function focusField(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

export interface Form<V extends FormValues> extends FormState<V> {
  /** The id of a field's element. */
  id(field: string): string;
  /** A setter for one value that also drops the server's text about it. */
  edit<K extends keyof V>(field: K): (value: V[K]) => void;
  /** Applies a change (see `changed`), e.g. `{ submitted: true }` or `{ busy: false }`. */
  update(change: FormChange<V>): void;
  /** A rule refused the value: its text in the alert, and the focus on the field. */
  problem(text: string, field: string): void;
  /** The request leaves (SENDING). */
  send(): void;
  /** The server refused: its text in the alert, and beside the field it is about (`serverField`
   * with `rename`), which gets the focus. */
  refused(text: string, rename?: Record<string, string>): void;
}

/** A form's state and its changes. `idOf` names a field's element, for the focus. */
export function useForm<V extends FormValues>(
  initial: V,
  idOf: (field: string) => string,
): Form<V> {
  const [state, setState] = useState(() => initialFormState(initial));
  const update = (change: FormChange<V>) => setState((s) => changed(s, change));
  const problem = (text: string, field: string) => {
    update({ error: text });
    focusField(idOf(field));
  };
  return {
    ...state,
    id: idOf,
    edit: (field) => (value) => setState((s) => edited(s, field, value)),
    update,
    problem,
    send: () => update(SENDING),
    refused(text, rename) {
      const field = serverField(text, rename);
      update(refusal(text, field));
      if (field) focusField(idOf(field));
    },
  };
}
