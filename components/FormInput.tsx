// A FormField bound to one field of a form's state (lib/client/form.ts).
import type { Form, FormValues } from "../lib/client/form.ts";
import { FormField, type FormFieldProps } from "./FormField.tsx";

export type FormInputProps<V extends FormValues> =
  & Omit<FormFieldProps, "id" | "name" | "value" | "onValue" | "serverError" | "submitted">
  & {
    form: Form<V>;
    field: keyof V & string;
    /** The input's name, when it is not the field's. */
    name?: string;
  };

/** A FormField for one field of the form: its id, value, setter, the server's text about it and
 * whether a submit was tried come from the form. */
export function FormInput<V extends FormValues>({ form, field, ...props }: FormInputProps<V>) {
  return (
    <FormField
      name={field}
      {...props}
      id={form.id(field)}
      value={form.values[field] as string}
      onValue={form.edit(field) as (value: string) => void}
      serverError={form.serverErrors[field]}
      submitted={form.submitted}
    />
  );
}
