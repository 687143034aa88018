// The shared form controls (components/fields.tsx), as the thing screens import them.
export { CheckboxField, SelectField, TextAreaField } from "../../components/fields.tsx";
